// Browser suite of `bench --peers`: the site's first board and scrub frames for a 5,000-event replay in Chromium
// (Playwright + /usr/bin/chromium, or MATCHTAPE_CHROMIUM), on a real stack started for the run: the server on the
// embedded default and the built site under `next start` (test/e2e/web-stack.ts; builds the site when stale).
// Trials: first board is loaded `trials` times; the scrub is two sweeps of 241 pointer moves (every frame a sample).
import { measure, pct, type BenchSuite, type PeerRow } from './suite';

const REPLAY_EVENTS = 5000;

export const browserSuite: BenchSuite = {
  name: 'browser',
  async run(o, rows) {
    // Loaded only when the suite runs: Playwright and the web stack are dev tooling of the repository.
    const { measureSite } = await import('../../../../test/e2e/web-perf-run');
    const trials = o.quick ? 3 : 5;
    const sweeps = o.quick ? 2 : 3;
    const r = await measureSite({
      events: REPLAY_EVENTS,
      firstBoardTrials: trials,
      sweeps,
      progress: (l) => o.progress(`bench peers: ${l}`),
    });
    const replay = `${r.replayEvents.toLocaleString('en-US')}-event ${r.game} replay, Chromium ${r.viewport}`;
    const first = measure(r.firstBoardMs);
    rows.push({
      suite: 'browser',
      what: `first board, ${replay}`,
      unit: 'ms',
      value: first,
      target: '< 1,000 ms',
    });
    // Per sweep p50 and p95 of the frame work: the spread is over the sweeps.
    const bySweep = r.scrub.frameWorkMs
      .filter((xs) => xs.length > 0)
      .map((xs) => [...xs].sort((a, b) => a - b));
    rows.push({
      suite: 'browser',
      what: `scrub frame work p50 (seek → DOM committed, layout included; ${r.scrub.frameWorkMs.flat().length} frames)`,
      unit: 'ms',
      value: measure(bySweep.map((xs) => pct(xs, 50))),
    });
    rows.push({
      suite: 'browser',
      what: `scrub frame work p95 (${r.scrub.distinctSeqsShown} distinct seqs shown)`,
      unit: 'ms',
      value: measure(bySweep.map((xs) => pct(xs, 95))),
      target: '< 8 ms',
    });
    const intervals = [...r.scrub.frameIntervalMs].sort((a, b) => a - b);
    rows.push({
      suite: 'browser',
      what: 'frame interval while scrubbing, p95 (the display refresh when the work fits)',
      unit: 'ms',
      value: measure([pct(intervals, 95)]),
    } satisfies PeerRow);
  },
};
