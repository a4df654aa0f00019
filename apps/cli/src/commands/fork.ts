// Judges' store commands: an exact fork of a stored match (`fork --match ID --at SEQ`) and a match started from a
// position (`position FILE.json`). Both write to the event store (as the server would) and print the new match's
// id and seat tokens, signed with the installation's secret, so play continues through the server.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { Parsed } from '../args';
import { posInt, validate } from '../args';
import type { CommandDef } from '../command';
import { CliError, loadGames, type Io } from '../io';
import { dataDirOf, openCliStore, storeFlags } from '../store';

type Store = Awaited<ReturnType<typeof openCliStore>>;

/** Runs `fn` with an engine host over the CLI's store; server errors (HostError) become CLI errors. */
async function withHost<T>(
  io: Io,
  flags: { 'database-url'?: string; 'data-dir'?: string },
  what: string,
  fn: (host: import('@matchtape/server').EngineHost, store: Store) => Promise<T>,
): Promise<T> {
  const { EngineHost, HostError, registryOf } = await import('@matchtape/server');
  const games = await loadGames(io);
  const store = await openCliStore(io, flags);
  try {
    return await fn(new EngineHost(store, registryOf(games)), store);
  } catch (err) {
    if (err instanceof HostError) throw new CliError(`${what}: ${err.message}`, 1);
    throw err;
  } finally {
    await store.close();
  }
}

/** Seat tokens for a new match, signed with the secret the server uses ($MATCHTAPE_SECRET or the data dir's). */
async function seatTokens(
  io: Io,
  dataDirFlag: string | undefined,
  matchId: string,
  seats: readonly string[],
): Promise<Record<string, string>> {
  const { loadOrCreateSecret, mintToken } = await import('@matchtape/server/auth/tokens');
  const secret = loadOrCreateSecret({
    secret: io.env.MATCHTAPE_SECRET ?? null,
    dataDir: dataDirOf(io, dataDirFlag),
  });
  return Object.fromEntries(
    seats.map((seat) => [
      seat,
      mintToken({ role: 'seat', matchId, seat, ttlSeconds: 7 * 24 * 3600 }, { secret, now: Date.now() }),
    ]),
  );
}

const ExactForkSchema = z.object({
  positionals: z.array(z.string()).max(0, 'an exact fork reads the store: give --match ID --at SEQ, no file'),
  match: z.string({ message: 'which match? --match ID' }).min(1),
  at: posInt(),
  reseed: z.string().min(1).optional(),
  reshuffle: z.literal(true).optional(),
  'new-id': z.string().min(1).max(100).optional(),
  'database-url': z.string().min(1).optional(),
  'data-dir': z.string().min(1).optional(),
});

/** `fork --match ID --at SEQ`: a new match in the store whose state is exactly the parent's after SEQ. */
export async function exactFork(args: Parsed, io: Io): Promise<number> {
  const a = validate(ExactForkSchema, { positionals: args.positionals, ...args.flags }, 'fork');
  const reseed = a.reseed === undefined ? undefined : a.reseed === 'random' ? true : { seed: a.reseed };
  if (reseed && typeof reseed === 'object' && reseed.seed.length < 16)
    throw new CliError('fork: a --reseed seed needs at least 16 characters (or --reseed random)');
  const created = await withHost(io, a, 'fork', async (host) => {
    const { forkMatch } = await import('@matchtape/server');
    return forkMatch(host, {
      parentId: a.match,
      at: a.at,
      ...(reseed !== undefined ? { reseed } : {}),
      ...(a.reshuffle ? { reshuffle: true } : {}),
      ...(a['new-id'] ? { matchId: a['new-id'] } : {}),
    });
  });
  const seats = await seatTokens(io, a['data-dir'], created.matchId, created.seats);
  io.out(
    JSON.stringify({
      matchId: created.matchId,
      game: created.game,
      forkOf: created.forkOf,
      lastSeq: created.record.lastSeq,
      seats,
    }),
  );
  return 0;
}

export const position: CommandDef = {
  name: 'position',
  summary:
    'start a match in the store from a position (a scenario\'s "start"), to reconstruct a table situation',
  usage: 'position FILE.json [--match-id ID] [--database-url URL | --data-dir DIR]',
  flags: {
    'match-id': { value: 'ID', help: 'id of the new match (default: a random one)' },
    ...storeFlags,
  },
  details: [
    'FILE.json is a scenario file (packages/games/<game>/scenarios/*.json): its game, players, start and cards are used; its',
    'seed and steps are not (the match gets a fresh secret seed; play continues with the seat tokens printed, through',
    'the server: POST /api/matches/ID/commands). Over HTTP: POST /api/matches { game, position: { players, start,',
    'cards? } } with a judge or organiser token.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(
      z.object({
        positionals: z.array(z.string()).length(1, 'give one scenario file with a "start"'),
        'match-id': z.string().min(1).max(100).optional(),
        'database-url': z.string().min(1).optional(),
        'data-dir': z.string().min(1).optional(),
      }),
      { positionals: args.positionals, ...args.flags },
      'position',
    );
    const file = a.positionals[0]!;
    let scenario: Record<string, unknown>;
    try {
      scenario = JSON.parse(readFileSync(resolve(io.cwd, file), 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new CliError(`position: cannot read ${file} as JSON: ${(err as Error).message}`, 2);
    }
    if (typeof scenario.game !== 'string') throw new CliError(`position: ${file} names no "game"`);
    if (scenario.start === undefined) throw new CliError(`position: ${file} has no "start" position`);
    const { game, players, start, cards } = scenario;
    const created = await withHost(io, a, 'position', async (host) => {
      const { startFromPosition } = await import('@matchtape/server');
      return startFromPosition(host, {
        game,
        position: { players, start, ...(cards ? { cards } : {}) },
        spectatorDelaySeconds: 0,
        coverageDelaySeconds: 0,
        createdBy: 'cli',
        ...(a['match-id'] ? { matchId: a['match-id'] } : {}),
      });
    });
    const seats = await seatTokens(io, a['data-dir'], created.matchId, created.seats);
    io.out(
      JSON.stringify({
        matchId: created.matchId,
        game: created.game,
        lastSeq: created.record.lastSeq,
        seats,
      }),
    );
    return 0;
  },
};
