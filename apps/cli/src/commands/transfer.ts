// export / import / fork: match files in and out of the event store, and "what if" prefixes.
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  chainEvents,
  fold,
  GENESIS_HASH,
  MATCH_ENDED,
  MATCH_STARTED,
  seedCommitment,
  type EventEnvelope,
  type NewEvent,
  type PlayerId,
} from '@matchtape/engine';
import { posInt, validate } from '../args';
import type { CommandDef } from '../command';
import { pickMatch, readJsonl, toJsonl, writeFileCreatingDirs } from '../jsonl';
import { CliError, getGame, loadGames } from '../io';
import { openCliStore, storeFlags } from '../store';
import { gameOf, revealedSeed, verifyMatch } from '../verify';

const StoreFlagsSchema = { 'database-url': z.string().min(1).optional(), 'data-dir': z.string().min(1).optional() };

function toNewEvent(e: EventEnvelope): NewEvent {
  return { type: e.type, at: e.at, turn: e.turn, phase: e.phase, step: e.step, cause: e.cause, rule: e.rule, payload: e.payload };
}

/** Seats named by MatchStarted (payload.players: [{ id, name }]) or, failing that, by the commands' causes. */
function seatsOf(events: readonly EventEnvelope[]): { id: PlayerId; name: string }[] {
  const listed = events[0]?.payload.players;
  if (Array.isArray(listed)) {
    const seats = listed
      .map((p: unknown) => (p && typeof p === 'object' ? (p as { id?: unknown; name?: unknown }) : {}))
      .filter((p): p is { id: string; name?: unknown } => typeof p.id === 'string')
      .map((p) => ({ id: p.id as PlayerId, name: typeof p.name === 'string' ? p.name : p.id }));
    if (seats.length > 0) return seats;
  }
  const ids = new Set<string>();
  for (const e of events) if ('player' in e.cause) ids.add(e.cause.player);
  return [...ids].sort().map((id) => ({ id: id as PlayerId, name: id }));
}

export const exportCmd: CommandDef = {
  name: 'export',
  summary: 'write a stored match to a JSONL file (full envelopes)',
  usage: 'export --match ID [--out F.jsonl] [--database-url URL | --data-dir DIR]',
  flags: { match: { value: 'ID', help: 'match id' }, out: { value: 'F.jsonl', help: 'output file (default: stdout)' }, ...storeFlags },
  details: 'The file holds the full truth (judge view), hash chain included; `matchtape verify` checks it anywhere.',
  async run(args, io) {
    const a = validate(z.object({ positionals: z.array(z.string()).max(0), match: z.string({ message: 'which match? --match ID' }).min(1), out: z.string().min(1).optional(), ...StoreFlagsSchema }), { positionals: args.positionals, ...args.flags }, 'export');
    const store = await openCliStore(io, a);
    try {
      const m = await store.getMatch(a.match);
      if (!m) throw new CliError(`export: no match ${a.match} in the store (${store.dialect})`, 1);
      const events = await store.readStream(a.match);
      if (a.out) {
        writeFileCreatingDirs(resolve(io.cwd, a.out), toJsonl(events));
        io.err(`exported ${events.length} events of ${a.match} (${m.game}, ${m.status}) to ${a.out}`);
      } else io.out(toJsonl(events).trimEnd());
      return 0;
    } finally {
      await store.close();
    }
  },
};

export const importCmd: CommandDef = {
  name: 'import',
  summary: 'verify a JSONL file, then append its match(es) to the store',
  usage: 'import F.jsonl [--match ID] [--seed S] [--spectator-delay S] [--database-url URL | --data-dir DIR]',
  flags: {
    match: { value: 'ID', help: 'only this match of the file' },
    seed: { value: 'S', help: "seed of a match that has not ended (e.g. printed by fork), so it can be verified and continued" },
    'spectator-delay': { value: 'S', help: 'spectator delay of the imported match in seconds (default 0)' },
    ...storeFlags,
  },
  details: [
    'Every match is verified first (as `matchtape verify`); nothing is written for a match that fails. A match that',
    'has not ended needs --seed (the store keeps the seed so the match can be continued, and reveals it at its end).',
    'Importing a match that is already stored with the same events is a no-op; a different match with the same id is refused.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(
      z.object({ positionals: z.array(z.string()).length(1, 'give one JSONL file'), match: z.string().min(1).optional(), seed: z.string().min(1).optional(), 'spectator-delay': z.string().regex(/^\d+$/, 'seconds, a whole number').transform(Number).default(0), ...StoreFlagsSchema }),
      { positionals: args.positionals, ...args.flags },
      'import',
    );
    const file = a.positionals[0]!;
    const f = readJsonl(resolve(io.cwd, file), file);
    const chosen = a.match ? [pickMatch(f, file, a.match)] : [...f.matches.entries()].map(([matchId, events]) => ({ matchId, events }));
    if (a.seed && chosen.length > 1) throw new CliError('import: --seed applies to one match; choose it with --match ID');
    const games = await loadGames(io);
    // Verify everything before writing anything.
    const plans = chosen.map(({ matchId, events }) => {
      const v = verifyMatch(events, (g) => games[g] ?? null, a.seed ? { seed: a.seed } : {});
      if (!v.ok) throw new CliError(`import: ${matchId} does not verify: seq ${v.failure!.seq}: ${v.failure!.check}: ${v.failure!.reason}; nothing was imported`, 1);
      const seed = revealedSeed(events) ?? a.seed;
      if (!seed) throw new CliError(`import: ${matchId} has not ended, so its seed is unknown; pass --seed S (fork prints it) to import it`, 1);
      return { matchId, events, game: games[v.game!]!, seed };
    });
    const store = await openCliStore(io, a);
    try {
      for (const p of plans) {
        const existing = await store.getMatch(p.matchId);
        if (existing) {
          const stored = await store.readStream(p.matchId);
          if (stored.length === p.events.length && stored[stored.length - 1]?.hash === p.events[p.events.length - 1]!.hash) {
            io.out(JSON.stringify({ matchId: p.matchId, imported: 0, note: 'already stored with the same events' }));
            continue;
          }
          throw new CliError(`import: the store already has a different match ${p.matchId} (${stored.length} events); fork the file to a new id first`, 1);
        }
        const { summarize } = await import('@matchtape/projections');
        const state = fold(p.game, p.events);
        const seats = seatsOf(p.events);
        const last = p.events[p.events.length - 1]!;
        await store.createMatch({
          matchId: p.matchId,
          game: p.game.id,
          status: p.game.status(state).status,
          config: { matchConfig: { matchId: p.matchId, players: seats.map((s) => ({ ...s, deck: { main: [] } })) }, bots: {}, revealPolicy: 'hidden', importedFrom: file },
          seed: p.seed,
          spectatorDelaySeconds: a['spectator-delay'],
          coverageDelaySeconds: 0,
          summary: summarize(p.game, p.matchId, seats, state, last) as unknown as Record<string, unknown>,
          createdAt: p.events[0]!.at,
        });
        const CHUNK = 500;
        for (let i = 0; i < p.events.length; i += CHUNK) {
          const stored = await store.appendToStream(p.matchId, i, p.events.slice(i, i + CHUNK).map(toNewEvent));
          const mismatch = stored.find((e, k) => e.hash !== p.events[i + k]!.hash);
          if (mismatch) throw new CliError(`import: the store chained seq ${mismatch.seq} to a different hash than the file; report this as a store bug`, 1);
        }
        io.out(JSON.stringify({ matchId: p.matchId, game: p.game.id, imported: p.events.length, status: p.game.status(state).status, store: store.dialect }));
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};

export const fork: CommandDef = {
  name: 'fork',
  summary: 'write the first N events of a match as a new match (re-chained) for "what if" analysis',
  usage: 'fork F.jsonl --seq N --out G.jsonl [--match ID] [--new-id ID]',
  flags: {
    seq: { value: 'N', help: 'keep events 1…N' },
    out: { value: 'G.jsonl', help: 'output file' },
    match: { value: 'ID', help: 'which match, when the file holds several' },
    'new-id': { value: 'ID', help: 'id of the fork (default <id>-fork-<N>)' },
  },
  details: [
    'The prefix is re-chained under the new id. When the source match has ended its seed is known: the fork commits',
    'to it for the new id (MatchStarted.seedCommitment) and the seed is printed, so `import G.jsonl --seed S` can',
    'continue the fork with the same generator and the finished fork verifies end to end. The fork ends before any',
    'MatchEnded (N must be before it).',
  ].join('\n'),
  async run(args, io) {
    const a = validate(
      z.object({ positionals: z.array(z.string()).length(1, 'give one JSONL file'), seq: posInt(), out: z.string({ message: 'where to write the fork? --out G.jsonl' }).min(1), match: z.string().min(1).optional(), 'new-id': z.string().min(1).optional() }),
      { positionals: args.positionals, ...args.flags },
      'fork',
    );
    const file = a.positionals[0]!;
    const { matchId, events } = pickMatch(readJsonl(resolve(io.cwd, file), file), file, a.match);
    const gameId = gameOf(events);
    if (!gameId) throw new CliError(`fork: ${matchId} does not name its game in MatchStarted`, 1);
    const game = await getGame(io, gameId);
    const seed = revealedSeed(events);
    const v = verifyMatch(events, (g) => (g === game.id ? game : null));
    if (!v.ok) throw new CliError(`fork: ${matchId} does not verify (seq ${v.failure!.seq}: ${v.failure!.reason}); fix or re-export it first`, 1);
    const endSeq = events.find((e) => e.type === MATCH_ENDED)?.seq;
    if (endSeq !== undefined && a.seq >= endSeq) throw new CliError(`fork: seq ${a.seq} is at or after MatchEnded (seq ${endSeq}); fork before the end`);
    if (a.seq > events.length) throw new CliError(`fork: seq ${a.seq} is past the end of ${matchId} (last seq ${events.length})`);
    const newId = a['new-id'] ?? `${matchId}-fork-${a.seq}`;
    if (newId === matchId) throw new CliError('fork: the fork needs a new match id');
    const prefix = events.slice(0, a.seq).map(toNewEvent);
    if (seed !== null && prefix[0]!.type === MATCH_STARTED) prefix[0] = { ...prefix[0]!, payload: { ...prefix[0]!.payload, seedCommitment: seedCommitment(seed, newId) } };
    else io.err(`fork: ${matchId} has not ended, so its seed is unknown: the fork keeps the original commitment and cannot be continued verifiably`);
    const chained = chainEvents(newId, 0, GENESIS_HASH, prefix);
    const check = verifyMatch(chained, (g) => (g === game.id ? game : null), seed ? { seed } : {});
    if (!check.ok) throw new CliError(`fork: the fork does not verify at seq ${check.failure!.seq}: ${check.failure!.reason}`, 1);
    writeFileCreatingDirs(resolve(io.cwd, a.out), toJsonl(chained));
    io.out(JSON.stringify({ matchId: newId, forkOf: matchId, seq: a.seq, events: chained.length, out: a.out, ...(seed ? { seed } : {}) }));
    return 0;
  },
};
