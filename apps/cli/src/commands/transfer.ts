// export / import / fork: match files in and out of the event store, and "what if" prefixes.
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  chainEvents,
  commitKeyHex,
  sealerFor,
  sealViewers,
  viewersOfSeal,
  fold,
  GENESIS_HASH,
  MATCH_ENDED,
  MATCH_STARTED,
  seedCommitment,
  type EventEnvelope,
  toNewEvent,
  type PlayerId,
} from '@matchtape/engine';
import { posInt, validate } from '../args';
import type { CommandDef } from '../command';
import { exactFork } from './fork';
import {
  buildBundle,
  bundleText,
  forkLinkOf,
  isBundle,
  nodeSealHashes,
  verifyBundle,
} from '@matchtape/store';
import {
  parseJsonl,
  pickMatch,
  readJsonl,
  readText,
  toJsonl,
  writeFileCreatingDirs,
  type MatchFile,
} from '../jsonl';
import { CliError, getGame, loadGames } from '../io';
import { dataDirOf, openCliStore, storeFlags } from '../store';
import { gameOf, revealedSeed, verifyMatch } from '../verify';

const StoreFlagsSchema = {
  'database-url': z.string().min(1).optional(),
  'data-dir': z.string().min(1).optional(),
};

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
  summary:
    'write a stored match as a verifiable replay bundle (header line + JSONL events), from the store or a running server',
  usage:
    'export ID [--out F.jsonl] [--events-only] [--include-seed] [--api URL] [--database-url URL | --data-dir DIR]   (or --match ID)',
  flags: {
    match: { value: 'ID', help: 'match id (or give it as the first argument)' },
    out: { value: 'F.jsonl', help: 'output file (default: stdout)' },
    'events-only': {
      boolean: true,
      help: 'plain JSONL events, no header line (the format before replay bundles)',
    },
    'include-seed': {
      boolean: true,
      help: 'put the stored seed of a match that has not ended in the header (secret: judges only; lets `import` continue it)',
    },
    api: {
      value: 'URL',
      help: "read through this running server's HTTP API (judge export) instead of opening the store",
    },
    ...storeFlags,
  },
  details: [
    'A replay bundle: line 1 is a header { "format": "matchtape-replay-bundle", "version": 1, matchId, game,',
    'rulesVersion, cardDataVersion, events, lastHash, seed, keyframeEvery, keyframes: [{ seq, hash, stateHash }], forkOf }',
    '(README, "Judges: forks and verifiable replays"); lines 2… are the events. `matchtape verify` checks it anywhere,',
    '`matchtape import` loads it into another installation. Every command that reads match files skips the header.',
    'The file holds the full truth (judge view), hash chain included.',
    'The embedded database allows one process at a time: while `npm start` (or the server) holds it, export reads',
    "the match through that server's API instead (http://127.0.0.1:$MATCHTAPE_PORT, default 4000, with a judge",
    'token signed by the same secret), and says so. --api URL does that for any server.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(
      z
        .object({
          positionals: z.array(z.string().min(1)).max(1, 'give one match id'),
          match: z.string().min(1).optional(),
          out: z.string().min(1).optional(),
          'events-only': z.literal(true).optional(),
          'include-seed': z.literal(true).optional(),
          api: z.url({ message: 'a server URL, e.g. http://127.0.0.1:4000' }).optional(),
          ...StoreFlagsSchema,
        })
        .refine((x) => x.positionals.length > 0 || x.match !== undefined, {
          message: 'which match? give its id: matchtape export ID',
          path: ['match'],
        })
        .refine((x) => x.positionals.length === 0 || x.match === undefined || x.positionals[0] === x.match, {
          message: 'the id is given twice and differs; give it once',
          path: ['match'],
        }),
      { positionals: args.positionals, ...args.flags },
      'export',
    );
    const id = a.positionals[0] ?? a.match!;
    const write = async (
      events: readonly EventEnvelope[],
      what: string,
      storedSeed: string | null = null,
    ) => {
      let text = toJsonl(events);
      if (!a['events-only'] && events.length > 0) {
        const gameId = gameOf(events);
        if (!gameId)
          throw new CliError(`export: ${id} does not name its game in MatchStarted; use --events-only`, 1);
        if (a['include-seed'] && storedSeed === null && !revealedSeed(events))
          throw new CliError(
            'export: --include-seed reads the seed from the store; export from the store, not through a server',
            1,
          );
        const key = storedSeed ? { commitKey: commitKeyHex(storedSeed) } : {};
        text = bundleText(
          buildBundle(
            await getGame(io, gameId),
            events,
            a['include-seed'] && storedSeed ? { seed: storedSeed, ...key } : key,
          ),
        );
      }
      if (a.out) {
        writeFileCreatingDirs(resolve(io.cwd, a.out), text);
        io.err(
          `exported ${events.length} events of ${id} (${what}) to ${a.out}${a['events-only'] ? '' : ' as a replay bundle'}`,
        );
      } else io.out(text.trimEnd());
      return 0;
    };
    if (a.api) return write(await exportThroughApi(io, a.api, id, a['data-dir']), `from ${a.api}`);
    let store: Awaited<ReturnType<typeof openCliStore>>;
    try {
      store = await openCliStore(io, a);
    } catch (err) {
      // A running embedded server holds the database: ask it instead.
      const embedded = !(a['database-url'] ?? io.env.DATABASE_URL);
      if (!embedded || !/in use by process/.test((err as Error).message)) throw err;
      const url = `http://127.0.0.1:${io.env.MATCHTAPE_PORT ?? '4000'}`;
      io.err(
        `export: the embedded database is in use by the running server; reading ${id} through its API at ${url}`,
      );
      return write(await exportThroughApi(io, url, id, a['data-dir']), `from ${url}`);
    }
    try {
      const m = await store.getMatch(id);
      if (!m) throw new CliError(`export: no match ${id} in the store (${store.dialect})`, 1);
      return await write(await store.readStream(id), `${m.game}, ${m.status}`, m.seed);
    } finally {
      await store.close();
    }
  },
};

/** GET /api/matches/:id/export as a judge (a short-lived token signed with the server's secret), checked line by line. */
async function exportThroughApi(
  io: Parameters<CommandDef['run']>[1],
  base: string,
  id: string,
  dataDirFlag: string | undefined,
): Promise<EventEnvelope[]> {
  const { loadOrCreateSecret, mintToken } = await import('@matchtape/server/auth/tokens');
  const secret = loadOrCreateSecret({
    secret: io.env.MATCHTAPE_SECRET ?? null,
    dataDir: dataDirOf(io, dataDirFlag),
  });
  // The server checks expiry against its own clock, so the token is dated by the real one (not io.now).
  const judge = mintToken({ role: 'judge', ttlSeconds: 300 }, { secret, now: Date.now() });
  const url = `${base.replace(/\/+$/, '')}/api/matches/${encodeURIComponent(id)}/export`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${judge}` } });
  } catch (err) {
    throw new CliError(
      `export: cannot reach the server at ${base} (${(err as Error).message}); start it, or stop it and export from the store`,
      1,
    );
  }
  if (res.status === 404) throw new CliError(`export: the server at ${base} has no match ${id}`, 1);
  if (res.status === 401 || res.status === 403)
    throw new CliError(
      `export: the server at ${base} refused the judge token (${res.status}); it signs tokens with another secret: set MATCHTAPE_SECRET (or --data-dir) to the server's`,
      1,
    );
  if (!res.ok)
    throw new CliError(
      `export: the server at ${base} answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
      1,
    );
  const text = await res.text();
  const events = parseJsonl(text, url).matches.get(id);
  if (!events) throw new CliError(`export: the server at ${base} sent no events of ${id}`, 1);
  return events;
}

export const importCmd: CommandDef = {
  name: 'import',
  summary: 'verify a JSONL file, then append its match(es) to the store',
  usage: 'import F.jsonl [--match ID] [--seed S] [--spectator-delay S] [--database-url URL | --data-dir DIR]',
  flags: {
    match: { value: 'ID', help: 'only this match of the file' },
    seed: {
      value: 'S',
      help: 'seed of a match that has not ended (e.g. printed by fork), so it can be verified and continued',
    },
    'spectator-delay': { value: 'S', help: 'spectator delay of the imported match in seconds (default 0)' },
    ...storeFlags,
  },
  details: [
    'A replay bundle (matchtape export) is verified as a bundle first — hash chain, versions, seed commitment, random',
    "outcomes, fold and keyframes — and refused naming the first bad seq; its header's seed and fork link are kept.",
    'Every match is verified first (as `matchtape verify`); nothing is written for a match that fails. A match that',
    'has not ended needs --seed (the store keeps the seed so the match can be continued, and reveals it at its end).',
    'Importing a match that is already stored with the same events is a no-op; a different match with the same id is refused.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(
      z.object({
        positionals: z.array(z.string()).length(1, 'give one JSONL file'),
        match: z.string().min(1).optional(),
        seed: z.string().min(1).optional(),
        'spectator-delay': z.string().regex(/^\d+$/, 'seconds, a whole number').transform(Number).default(0),
        ...StoreFlagsSchema,
      }),
      { positionals: args.positionals, ...args.flags },
      'import',
    );
    const file = a.positionals[0]!;
    const games = await loadGames(io);
    const text = readText(resolve(io.cwd, file), file);
    let bundle: ReturnType<typeof verifyBundle> | null = null;
    if (isBundle(text)) {
      bundle = verifyBundle(text, (g) => games[g] ?? null);
      if (!bundle.ok) {
        const failed = bundle.checks[bundle.checks.length - 1]!;
        throw new CliError(
          `import: ${file} is not an intact replay bundle: ${bundle.firstBadSeq !== undefined ? `first bad seq ${bundle.firstBadSeq}: ` : ''}${failed.name}: ${failed.detail}; nothing was imported`,
          1,
        );
      }
    }
    const f: MatchFile = bundle
      ? { matches: new Map([[bundle.matchId!, bundle.events]]), copy: { copy: 'full' } }
      : parseJsonl(text, file);
    if (f.copy.copy === 'redacted')
      throw new CliError(
        `import: ${file} is a copy redacted for ${f.copy.viewer} (its header says so); a match is imported from its full (judge) copy; nothing was imported`,
        1,
      );
    const chosen = a.match
      ? [pickMatch(f, file, a.match)]
      : [...f.matches.entries()].map(([matchId, events]) => ({ matchId, events }));
    if (a.seed && chosen.length > 1)
      throw new CliError('import: --seed applies to one match; choose it with --match ID');
    // Verify everything before writing anything.
    const plans = chosen.map(({ matchId, events }) => {
      const given = a.seed ?? bundle?.header?.seed ?? f.copy.seed ?? undefined;
      const seed = revealedSeed(events) ?? given;
      const unknownSeed = `import: ${matchId} has not ended, so its seed is unknown; pass --seed S (fork prints it) to import it`;
      const v = verifyMatch(events, (g) => games[g] ?? null, {
        ...(given ? { seed: given } : {}),
        copy: f.copy,
      });
      // A sealed match cannot be opened without its seed: the way out is --seed, so say that rather than "does not verify".
      if (!v.ok && !seed && v.failure!.check === 'seal') throw new CliError(unknownSeed, 1);
      if (!v.ok)
        throw new CliError(
          `import: ${matchId} does not verify: seq ${v.failure!.seq}: ${v.failure!.check}: ${v.failure!.reason}; nothing was imported`,
          1,
        );
      if (!seed) throw new CliError(unknownSeed, 1);
      return { matchId, events, game: games[v.game!]!, seed };
    });
    const store = await openCliStore(io, a);
    try {
      for (const p of plans) {
        const existing = await store.getMatch(p.matchId);
        if (existing) {
          const stored = await store.readStream(p.matchId);
          if (
            stored.length === p.events.length &&
            stored[stored.length - 1]?.hash === p.events[p.events.length - 1]!.hash
          ) {
            io.out(
              JSON.stringify({
                matchId: p.matchId,
                imported: 0,
                note: 'already stored with the same events',
              }),
            );
            continue;
          }
          throw new CliError(
            `import: the store already has a different match ${p.matchId} (${stored.length} events); fork the file to a new id first`,
            1,
          );
        }
        const { summarize } = await import('@matchtape/projections');
        const state = fold(p.game, p.events);
        const seats = seatsOf(p.events);
        const last = p.events[p.events.length - 1]!;
        // Sealed events are re-sealed by the store (it never takes a seal handed in): same key, same seals, same hashes.
        const seal = p.events[0]!.seal;
        const sealer = seal ? sealerFor(p.game, viewersOfSeal(seal), p.seed, nodeSealHashes) : undefined;
        await store.createMatch({
          matchId: p.matchId,
          game: p.game.id,
          status: p.game.status(state).status,
          config: {
            matchConfig: { matchId: p.matchId, players: seats.map((s) => ({ ...s, deck: { main: [] } })) },
            bots: {},
            revealPolicy: 'hidden',
            importedFrom: file,
            ...(forkLinkOf(p.events)
              ? { forkOf: { ...forkLinkOf(p.events)!, reseeded: forkLinkOf(p.events)!.reseeded === true } }
              : {}),
          },
          seed: p.seed,
          spectatorDelaySeconds: a['spectator-delay'],
          coverageDelaySeconds: 0,
          summary: summarize(p.game, p.matchId, seats, state, last) as unknown as Record<string, unknown>,
          createdAt: p.events[0]!.at,
        });
        const CHUNK = 500;
        for (let i = 0; i < p.events.length; i += CHUNK) {
          const stored = await store.appendToStream(
            p.matchId,
            i,
            p.events.slice(i, i + CHUNK).map(toNewEvent),
            { sealer },
          );
          const mismatch = stored.find((e, k) => e.hash !== p.events[i + k]!.hash);
          if (mismatch)
            throw new CliError(
              `import: the store chained seq ${mismatch.seq} to a different hash than the file; report this as a store bug`,
              1,
            );
        }
        io.out(
          JSON.stringify({
            matchId: p.matchId,
            game: p.game.id,
            imported: p.events.length,
            status: p.game.status(state).status,
            store: store.dialect,
          }),
        );
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};

export const fork: CommandDef = {
  name: 'fork',
  summary:
    "exact fork of a stored match at a seq (judges' rewinds), or the first N events of a file as a new match",
  usage:
    'fork --match ID --at SEQ [--reseed SEED|random] [--reshuffle] [--new-id ID] [--database-url URL | --data-dir DIR]\n       fork F.jsonl --seq N --out G.jsonl [--match ID] [--new-id ID]',
  flags: {
    at: { value: 'SEQ', help: "exact fork: the new match is the stored match's state after this seq" },
    reseed: {
      value: 'SEED',
      help: 'exact fork: a fresh seed from the fork point on (`random`: drawn by the CLI)',
    },
    reshuffle: {
      boolean: true,
      help: "exact fork: reshuffle every hidden zone (decks) after SEQ from the fork's seed (always, for a live match)",
    },
    seq: { value: 'N', help: 'file fork: keep events 1…N' },
    out: { value: 'G.jsonl', help: 'file fork: output file' },
    match: { value: 'ID', help: 'the match to fork (exact fork), or which match of the file' },
    'new-id': {
      value: 'ID',
      help: 'id of the fork (default <id>~f<SEQ>-<random> in the store, <id>-fork-<N> for a file)',
    },
    ...storeFlags,
  },
  details: [
    "Exact fork (--match ID --at SEQ): a new match in the store whose events 1…SEQ are the parent's, re-chained under",
    "the new id; MatchStarted commits to the fork's seed and carries fork: { matchId, seq, hash } (the parent's hash at",
    "SEQ). Engine state and generator cursor are the parent's at SEQ. A fork of a live match always draws from a seed",
    'of its own after SEQ (--reseed, or a random one) and reshuffles every hidden, randomly ordered zone (each deck)',
    "right after SEQ from that seed, so its draws are not the parent's secret deck order (the game's shuffle event, cause",
    '"fork: hidden zones reshuffled from the fork\'s own seed", no rule: Matchtape\'s action). A fork of an ended match,',
    "without --reseed or --reshuffle, continues exactly as the parent's would have (its seed is public). Prints the new",
    "id and seat tokens (signed with the installation's secret) so play continues through the server. Over HTTP:",
    'POST /api/matches/ID/fork { at, reseed?, reshuffle? } with a judge token.',
    'File fork (F.jsonl --seq N): the prefix is re-chained under the new id. When the source match has ended its seed is',
    'known: the fork commits to it for the new id (MatchStarted.seedCommitment), is sealed with its key (so its redacted',
    'copies verify too) and the seed is printed, so',
    '`import G.jsonl --seed S` can continue the fork with the same generator. N must be before MatchEnded.',
  ].join('\n'),
  async run(args, io) {
    if (args.flags.at !== undefined || (args.positionals.length === 0 && args.flags.match !== undefined))
      return exactFork(args, io);
    const a = validate(
      z.object({
        positionals: z
          .array(z.string())
          .length(1, 'give one JSONL file (or --match ID --at SEQ for an exact fork of a stored match)'),
        seq: posInt(),
        out: z.string({ message: 'where to write the fork? --out G.jsonl' }).min(1),
        match: z.string().min(1).optional(),
        'new-id': z.string().min(1).optional(),
      }),
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
    if (!v.ok)
      throw new CliError(
        `fork: ${matchId} does not verify (seq ${v.failure!.seq}: ${v.failure!.reason}); fix or re-export it first`,
        1,
      );
    const endSeq = events.find((e) => e.type === MATCH_ENDED)?.seq;
    if (endSeq !== undefined && a.seq >= endSeq)
      throw new CliError(`fork: seq ${a.seq} is at or after MatchEnded (seq ${endSeq}); fork before the end`);
    if (a.seq > events.length)
      throw new CliError(`fork: seq ${a.seq} is past the end of ${matchId} (last seq ${events.length})`);
    const newId = a['new-id'] ?? `${matchId}-fork-${a.seq}`;
    if (newId === matchId) throw new CliError('fork: the fork needs a new match id');
    const prefix = events.slice(0, a.seq).map(toNewEvent);
    if (seed !== null && prefix[0]!.type === MATCH_STARTED)
      prefix[0] = {
        ...prefix[0]!,
        payload: { ...prefix[0]!.payload, seedCommitment: seedCommitment(seed, newId) },
      };
    else
      io.err(
        `fork: ${matchId} has not ended, so its seed is unknown: the fork keeps the original commitment and cannot be continued verifiably`,
      );
    // Sealed (v2) with the known seed's key, keyed to the new id, so its redacted copies verify too; without the
    // seed there is no key to seal with and the fork stays v1 (full copies only).
    const sealer =
      seed !== null
        ? sealerFor(game, sealViewers(seatsOf(events).map((s) => s.id)), seed, nodeSealHashes)
        : undefined;
    const chained = chainEvents(newId, 0, GENESIS_HASH, prefix, undefined, sealer);
    const check = verifyMatch(chained, (g) => (g === game.id ? game : null), seed ? { seed } : {});
    if (!check.ok)
      throw new CliError(
        `fork: the fork does not verify at seq ${check.failure!.seq}: ${check.failure!.reason}`,
        1,
      );
    writeFileCreatingDirs(resolve(io.cwd, a.out), toJsonl(chained));
    io.out(
      JSON.stringify({
        matchId: newId,
        forkOf: matchId,
        seq: a.seq,
        events: chained.length,
        out: a.out,
        ...(seed ? { seed } : {}),
      }),
    );
    return 0;
  },
};
