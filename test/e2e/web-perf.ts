// Performance figures of the spectator site in Chromium (a measurement, not a test: nothing is asserted).
//   npx tsx test/e2e/web-perf.ts [--events 5000]
// What is measured and how: web-perf-run.ts (also the browser suite of `npx matchtape bench --peers`).
// Prints one JSON line and writes bench-results/web-perf.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureSite } from './web-perf-run';
import { ROOT } from './web-stack';

const at = process.argv.indexOf('--events');
const want = at > 0 ? Number(process.argv[at + 1]) : 5000;
if (!Number.isInteger(want) || want < 1) throw new Error('--events takes a positive whole number');

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    n: s.length,
    mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2),
    p50: +q(0.5).toFixed(2),
    p95: +q(0.95).toFixed(2),
    max: +s[s.length - 1]!.toFixed(2),
  };
};

try {
  const r = await measureSite({
    events: want,
    firstBoardTrials: 3,
    sweeps: 2,
    progress: (l) => console.error(l),
  });
  const result = {
    when: new Date().toISOString(),
    replayEvents: r.replayEvents,
    game: r.game,
    viewport: r.viewport,
    timeToFirstBoardMs: stats(r.firstBoardMs),
    scrub: {
      moves: r.scrub.moves,
      distinctSeqsShown: r.scrub.distinctSeqsShown,
      frameWorkMs: stats(r.scrub.frameWorkMs.flat()),
      frameIntervalMs: stats(r.scrub.frameIntervalMs),
    },
  };
  const { frameWorkMs: work, frameIntervalMs: gap } = result.scrub;
  // Both per frame: the work (seek → DOM committed, layout included) and the interval between frames while
  // dragging, which is the display refresh when the work fits and grows when it does not (or the machine is busy).
  console.error(
    `scrub frame work p50 ${work.p50} / p95 ${work.p95} ms; frame interval p50 ${gap.p50} / p95 ${gap.p95} ms`,
  );
  console.log(JSON.stringify(result));
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/web-perf.json'), JSON.stringify(result, null, 2) + '\n');
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
