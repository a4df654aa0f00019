// Who knew what at the end of a long match: folded from seq 1 (the route before the knowledge read model) versus
// continued from the read model's nearest checkpoint (the route now), in process, on one long bot match.
//   npx tsx scripts/bench-knowledge.ts [--min-events 2400] [--runs 5] [--game alpha-clash]
// Without --game: the CLI's long match (Grand Archive, 4+ seats); with it: two random bots, seeds tried in turn
// until a match reaches --min-events (the longest of 30 otherwise).
// The read model's document is built as the projector builds it (one event at a time, the game state passed on)
// and sent through JSON as the store keeps it. Not timed here: reading the match's events and the one document
// from Postgres, which both routes do alike (the document adds one row).
import { parseArgs } from 'node:util';
import { games } from '@matchtape/games';
import {
  knowledgeAt,
  knowledgeCheckpoint,
  knowledgeFrom,
  knowledgeReadModel,
  PackedKnowledge,
  unpackKnowledge,
  type KnowledgeDoc,
} from '@matchtape/projections';
import { longMatch, playSeats, type LongMatch } from '../apps/cli/src/bench/long-match';

const { values } = parseArgs({
  options: {
    'min-events': { type: 'string', default: '2400' },
    runs: { type: 'string', default: '5' },
    game: { type: 'string' },
  },
});
const minEvents = Number(values['min-events']);
const runs = Number(values.runs);
if (!Number.isInteger(minEvents) || minEvents < 1 || !Number.isInteger(runs) || runs < 1)
  throw new Error('--min-events and --runs take positive whole numbers');

function twoSeats(id: string): LongMatch {
  const game = Object.values(games).find((g) => g.id === id);
  if (!game)
    throw new Error(
      `no game ${id}; games: ${Object.values(games)
        .map((g) => g.id)
        .join(', ')}`,
    );
  let best: LongMatch | null = null;
  for (let i = 0; i < 30 && (best?.events.length ?? 0) < minEvents; i++) {
    const seed = `knowledge-${i}`;
    const events = playSeats(game, 2, seed);
    if (!best || events.length > best.events.length) best = { game, seats: 2, seed, events };
  }
  return best!;
}
const { game, seats, seed, events } = values.game
  ? twoSeats(values.game)
  : longMatch(Object.values(games), minEvents, (l) => process.stderr.write(`${l}\n`));
const last = events.length;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(f: () => unknown): { ms: number; out: unknown } {
  let out: unknown;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    out = f();
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms), out };
}

// The projector's fold of the match into the knowledge document.
const t0 = performance.now();
let doc = knowledgeReadModel.init(seed, game);
let state: unknown = game.initial();
for (const e of events) doc = knowledgeReadModel.apply(doc, e, game, (state = game.evolve(state, e)));
const foldMs = performance.now() - t0;
const json = JSON.stringify(doc);
const stored = JSON.parse(json) as KnowledgeDoc;

const fromCheckpoint = (seq: number) => () => {
  const c = knowledgeCheckpoint(stored, seq);
  return c
    ? knowledgeFrom(game, events, unpackKnowledge(game, PackedKnowledge.parse(c)), seq)
    : knowledgeAt(game, events, seq);
};
// The worst case for the read model: the seq just before a checkpoint, farthest from the one before it.
const worst = Math.floor((last - 1) / doc.every) * doc.every - 1;
const rows: [string, number][] = [];
for (const seq of [last, worst].filter((s) => s > 0)) {
  const before = time(() => knowledgeAt(game, events, seq));
  const after = time(fromCheckpoint(seq));
  if (JSON.stringify(after.out) !== JSON.stringify(before.out))
    throw new Error(`seq ${seq}: the answers differ`);
  rows.push(
    [`seq ${seq} from seq 1 (before)`, before.ms],
    [`seq ${seq} from checkpoint ${knowledgeCheckpoint(stored, seq)?.seq ?? 0} (after)`, after.ms],
  );
}
console.log(`${game.id}, ${seats} seats, seed ${seed}: ${last} events; median of ${runs} runs`);
for (const [label, ms] of rows) console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms`);
console.log(
  `  document: ${doc.checkpoints.length} checkpoints every ${doc.every} events, ${(json.length / 1024).toFixed(0)} KiB of JSON`,
);
console.log(
  `  projector fold of the whole match into it: ${(foldMs / 1000).toFixed(2)} s (${((foldMs * 1000) / last).toFixed(0)} µs/event)`,
);
