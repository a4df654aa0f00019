// Performance figures of the player's table in Chromium (a measurement, not a test: nothing is asserted).
//   npx tsx test/e2e/table-perf.ts [--game elemental-clash] [--actions 60]
// The same figures as `npx matchtape bench --peers --suite table` (table-perf-run.ts measures): click → the
// opponent's table and → a spectator's page (p50/p95), and the first interactive table. Prints one JSON line and
// writes bench-results/table-perf.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureTable, stats } from './table-perf-run';
import { ROOT } from './web-stack';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};

try {
  const r = await measureTable({
    game: arg('game', 'elemental-clash'),
    actions: Number(arg('actions', '60')),
    progress: (l) => console.error(l),
  });
  const result = {
    when: r.when,
    game: r.game,
    viewport: r.viewport,
    firstInteractiveTableMs: stats(r.firstInteractiveTable),
    actionToOpponentTableMs: stats(r.actionToOpponentTable),
    actionToSpectatorMs: stats(r.actionToSpectator),
  };
  console.log(JSON.stringify(result));
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/table-perf.json'), JSON.stringify(result, null, 2) + '\n');
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
