// Table suite of `bench --peers`: the player's table in Chromium on a real stack (test/e2e/table-perf-run.ts):
// two seats and a spectator page; for each action taken by clicking, the time until the opponent's table and until
// the spectator's page show it (p50 and p95 over the actions), and the first interactive table (a seat's table
// reloaded until its first offers show). Playwright + /usr/bin/chromium; builds the site when stale.
import { measure, pct, type BenchSuite } from './suite';

const GAME = 'elemental-clash';

export const tableSuite: BenchSuite = {
  name: 'table',
  async run(o, rows) {
    // Loaded only when the suite runs: Playwright and the web stack are dev tooling of the repository.
    const { measureTable } = await import('../../../../test/e2e/table-perf-run');
    const r = await measureTable({
      game: GAME,
      actions: o.quick ? 30 : 60,
      progress: (l) => o.progress(`bench peers: ${l}`),
    });
    const where = `${r.game}, Chromium ${r.viewport}`;
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const opp = sorted(r.actionToOpponentTable);
    const spec = sorted(r.actionToSpectator);
    if (opp.length > 0) {
      rows.push({
        suite: 'table',
        what: `action → opponent's table updated, p50 (${opp.length} actions by clicking, ${where})`,
        unit: 'ms',
        value: measure([pct(opp, 50)]),
      });
      rows.push({
        suite: 'table',
        what: `action → opponent's table updated, p95`,
        unit: 'ms',
        value: measure([pct(opp, 95)]),
      });
    }
    if (spec.length > 0) {
      rows.push({
        suite: 'table',
        what: `action → spectator's page updated, p50 (${spec.length} actions)`,
        unit: 'ms',
        value: measure([pct(spec, 50)]),
      });
      rows.push({
        suite: 'table',
        what: `action → spectator's page updated, p95`,
        unit: 'ms',
        value: measure([pct(spec, 95)]),
      });
    }
    rows.push({
      suite: 'table',
      what: `first interactive table (reload until the first offers show, ${where})`,
      unit: 'ms',
      value: measure(r.firstInteractiveTable),
    });
  },
};
