// Focus suite of `bench --peers` (issue 21, item 5a): another client's latency while one anonymous client keeps 8
// GET /api/matches/:id/focus requests in flight on a long match with a card in focus (apps/server/src/bench-focus.ts:
// a real server in-process on Postgres). Rows: the other client's p50, p95 and p99, quiet and under the abuse, with
// the server's per-client read turns (http/fair.ts) and without them.
import { measure, type BenchSuite } from './suite';

export const focusSuite: BenchSuite = {
  name: 'focus',
  async run(o, rows) {
    const { benchFocus, registryOf } = await import('@matchtape/server');
    const games = registryOf(Object.fromEntries(o.games.map((g) => [g.id, g])));
    const trials = o.quick ? 1 : 3;
    // With the server's per-client read turns (its default) and without them (the server before issue 21's fix).
    for (const fair of [false, undefined] as const) {
      const runs = [];
      for (let t = 0; t < trials; t++) {
        runs.push(
          await benchFocus({
            games,
            game: o.games[0]!.id,
            databaseUrl: o.databaseUrl,
            events: o.quick ? 600 : 2000,
            requests: o.quick ? 100 : 400,
            log: o.progress,
            fairReads: fair,
          }),
        );
      }
      const r = runs[0]!;
      const gate = fair === false ? 'no per-client read turns' : 'per-client read turns';
      const what = (p: string, abused: boolean) =>
        `another client's GET state ${p}${abused ? `, one client keeping ${r.inFlight} focus reads in flight (${r.events}-event match)` : ', quiet'}; ${gate}`;
      for (const p of ['p50', 'p95', 'p99'] as const) {
        const quiet = measure(runs.map((x) => x.quiet[`${p}Ms`]));
        const abused = measure(runs.map((x) => x.abused[`${p}Ms`]));
        rows.push({ suite: 'focus', what: what(p, false), unit: 'ms', value: quiet });
        rows.push({
          suite: 'focus',
          what: what(p, true),
          unit: 'ms',
          value: abused,
          vs: 'quiet',
          ratio: abused.median / quiet.median,
          ...(p === 'p95' ? { target: '≤ 1.5' } : {}),
        });
      }
      rows.push({
        suite: 'focus',
        what: `focus reads served to the abusive client; ${gate}`,
        unit: 'req/s',
        value: measure(runs.map((x) => x.focusPerSecond)),
      });
    }
  },
};
