// Whether a Web Worker could take the scrubber's fold off the main thread (issue 27): a measurement, nothing
// asserted. Per move of a drag across a replay, the main thread's cost today — the fold from the nearest keyframe
// plus game.board(), as the page's MatchTape does it — against what it would still pay with the fold in a worker:
// reading the board the worker posted back (structured clone: v8 deserialise, the same serializer postMessage
// uses; or JSON.parse, were the worker to send a string). Interleaved per move, so load hits both alike.
//   npx tsx test/e2e/web-perf-fold.ts [--events 2500]
import { deserialize, serialize } from 'node:v8';
import type { EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { getGame } from '@matchtape/games';
import { MatchTape } from '../../apps/web/src/lib/tape';

const at = process.argv.indexOf('--events');
const want = at > 0 ? Number(process.argv[at + 1]) : 2500;
const game = getGame('grand-archive');
let events: EventEnvelope[] = [];
for (let i = 0; events.length < want && i < 20; i++) {
  const m = playMatch(game, { seed: `fold-${i}`, bots: { p1: 'random', p2: 'random' }, recordStates: false });
  if (m.events.length > events.length) events = m.events as EventEnvelope[];
}
const seen = events.map((e) => game.viewEvent(e, 'public'));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => +s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(3);
  return { p50: q(0.5), p95: q(0.95), total: +s.reduce((a, b) => a + b, 0).toFixed(1) };
};
const fold: number[] = [];
const clone: number[] = [];
const post: number[] = [];
const json: number[] = [];
const bytes: number[] = [];
const MOVES = 240;
for (let sweep = 0; sweep < 6; sweep++) {
  // A fresh tape per sweep (nothing cached), each sweep's seqs offset so no two sweeps land alike.
  const tape = new MatchTape(game);
  tape.append(seen);
  for (let i = 0; i <= MOVES; i++) {
    const seq = Math.min(seen.length, Math.round((i / MOVES) * seen.length) + sweep);
    let t = performance.now();
    const board = tape.boardAt(seq);
    fold.push(performance.now() - t);
    t = performance.now();
    const buf = serialize(board);
    post.push(performance.now() - t);
    bytes.push(buf.length);
    t = performance.now();
    deserialize(buf);
    clone.push(performance.now() - t);
    const text = JSON.stringify(board);
    t = performance.now();
    JSON.parse(text);
    json.push(performance.now() - t);
  }
}
console.log(
  JSON.stringify({
    game: 'grand-archive (2 random bots), public view',
    replayEvents: seen.length,
    moves: fold.length,
    boardBytes: stats(bytes).p50,
    mainThreadMs: {
      foldAndBoardToday: stats(fold),
      workerBoardStructuredClone: stats(clone),
      workerBoardJsonParse: stats(json),
    },
    workerSideSerialiseMs: stats(post),
  }),
);
