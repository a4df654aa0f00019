// Entry point of the `matchtape` binary (bin/matchtape.mjs registers tsx and imports this file).
import { run } from './run';
import type { Io } from './io';

const tty = process.stderr.isTTY === true;
let progressShown = false;

const io: Io = {
  out: (text) => {
    if (progressShown) {
      process.stderr.write('\n');
      progressShown = false;
    }
    process.stdout.write(`${text}\n`);
  },
  err: (text) => {
    if (progressShown) {
      process.stderr.write('\n');
      progressShown = false;
    }
    process.stderr.write(`${text}\n`);
  },
  progress: (text) => {
    if (tty) {
      process.stderr.write(`\r\x1b[2K${text}`);
      progressShown = true;
    } else process.stderr.write(`${text}\n`);
  },
  cwd: process.cwd(),
  env: process.env,
  now: () => performance.now() + performance.timeOrigin,
};

// `matchtape … | head` closes stdout early: that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

process.exitCode = await run(process.argv.slice(2), io);
if (progressShown) process.stderr.write('\n');
