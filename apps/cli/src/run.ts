// The `matchtape` command line: dispatch, help, and error reporting. `run` is pure of process globals so tests
// call it in-process with their own Io.
import { parseArgv } from './args';
import type { CommandDef } from './command';
import { bench } from './commands/bench';
import { caseCmd } from './commands/case';
import { machine, rulesCoverage, schema } from './commands/info';
import { log } from './commands/log';
import { rebuild } from './commands/rebuild';
import { scenario } from './commands/scenario';
import { cards } from './commands/cards';
import { seek } from './commands/seek';
import { simulate } from './commands/simulate';
import { token } from './commands/token';
import { exportCmd, fork, importCmd } from './commands/transfer';
import { position } from './commands/fork';
import { verify } from './commands/verify';
import { CliError, type Io } from './io';

export const commands: readonly CommandDef[] = [
  simulate,
  scenario,
  verify,
  seek,
  log,
  schema,
  machine,
  rulesCoverage,
  token,
  exportCmd,
  importCmd,
  fork,
  position,
  caseCmd,
  bench,
  rebuild,
  cards,
];

export function mainHelp(): string {
  const w = Math.max(...commands.map((c) => c.name.length));
  return [
    'matchtape — event-sourced replays for trading card games',
    '',
    'Usage: matchtape <command> [options]      matchtape <command> --help',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    '',
    'Match files are JSON Lines, one event envelope per line (the full, judge view). Exit codes: 0 ok,',
    '1 a check failed (verify, scenario, simulate), 2 bad usage.',
  ].join('\n');
}

export function commandHelp(c: CommandDef): string {
  const flags = Object.entries(c.flags).map(
    ([k, f]) => [`--${k}${f.boolean ? '' : ` ${f.value ?? 'VALUE'}`}`, f.help] as const,
  );
  const w = Math.max(0, ...flags.map(([k]) => k.length));
  return [
    `Usage: matchtape ${c.usage}`,
    '',
    c.summary,
    ...(flags.length ? ['', 'Options:', ...flags.map(([k, h]) => `  ${k.padEnd(w)}  ${h}`)] : []),
    ...(c.details ? ['', c.details] : []),
  ].join('\n');
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const target = name === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
    io.out(target ? commandHelp(target) : mainHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.out('matchtape 0.1.0');
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`matchtape: unknown command "${name}"\n\n${mainHelp()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(commandHelp(command));
    return 0;
  }
  try {
    return await command.run(parseArgv(rest, command.flags, command.name), io);
  } catch (err) {
    if (err instanceof CliError) {
      io.err(err.message);
      return err.exitCode;
    }
    io.err(`matchtape ${command.name}: unexpected error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}
