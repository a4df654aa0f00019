// simulate: whole bot matches through the real engine (the same loop the invariant tests use).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { checkInvariants, playMatch } from '@matchtape/engine/testing/harness';
import type { PlayerId } from '@matchtape/engine';
import { posInt, validate } from '../args';
import { formatRate, type CommandDef } from '../command';
import { CliError, getGame } from '../io';
import { toJsonl } from '../jsonl';

const BotKind = z.enum(['random', 'greedy'], {
  message: 'a bot is random or greedy; give one for every seat or one per seat like random,greedy',
});

const Schema = z.object({
  positionals: z.array(z.string()).max(0, 'simulate takes no positional arguments'),
  game: z.string({ message: 'which game? e.g. --game alpha-clash' }).min(1),
  seed: z
    .string({ message: 'a seed is required, e.g. --seed 1 (the same seed replays the same matches)' })
    .min(1),
  games: posInt().default(1),
  bot: z
    .string()
    .default('random')
    .transform((s) => s.split(','))
    .pipe(z.array(BotKind).min(1).max(8)),
  out: z.string().min(1).optional(),
  'max-commands': posInt().optional(),
  check: z.literal(true).optional(),
});

/** The seed of match i (1-based) of a run: the seed itself for a single match, else `<seed>-<i>`. */
export function matchSeed(seed: string, games: number, i: number): string {
  return games === 1 ? seed : `${seed}-${i}`;
}

export const simulate: CommandDef = {
  name: 'simulate',
  summary: 'play whole bot matches through the real engine; one JSON summary line per match',
  usage: 'simulate --game G --seed N [--games K] [--bot random|greedy|random,greedy] [--out F.jsonl]',
  flags: {
    game: { value: 'G', help: 'game id (see `matchtape schema --help` for the list)' },
    seed: { value: 'N', help: 'match seed; with --games K, match i uses seed N-i (i = 1…K)' },
    games: { value: 'K', help: 'number of matches (default 1)' },
    bot: { value: 'KIND', help: 'bot for every seat, or one per seat comma-separated (default random)' },
    out: {
      value: 'F.jsonl',
      help: 'write every event (full envelopes, JSONL); several matches are concatenated',
    },
    'max-commands': { value: 'N', help: 'stop a match that has not ended after N commands (default 20000)' },
    check: {
      boolean: true,
      help: 'also check invariants 1, 2, 3 and 6 at every seq for every viewer (slower)',
    },
  },
  details: [
    'Seeds: a single match uses --seed as its seed; with --games K match i (1…K) uses "<seed>-<i>", so any one',
    'match can be replayed alone with --seed <seed>-<i>. Match ids are "sim-<match seed>". Event times come from a',
    'synthetic clock (1 s per command from 2026-01-01), so the same seed always writes the same file.',
    'Summary line: {"matchId","seed","winner","result","turns","events","commands","ms"}. Progress goes to stderr.',
    'With --check the line also has "invariants": "ok" or the first failures (fold = live state, redaction commutes,',
    'no hidden card leaks, hash chain and random outcomes). Exit 1 when a match fails (engine error or broken',
    'invariant) or does not end within --max-commands.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'simulate');
    const game = await getGame(io, a.game);
    const seats = (['p1', 'p2'] as PlayerId[]).map((p, i) => [p, a.bot[i % a.bot.length]!] as const);
    const bots = Object.fromEntries(seats) as Partial<Record<PlayerId, 'random' | 'greedy'>>;
    let fd: number | null = null;
    if (a.out) {
      const path = resolve(io.cwd, a.out);
      try {
        mkdirSync(dirname(path), { recursive: true });
        fd = openSync(path, 'w');
      } catch (err) {
        throw new CliError(`cannot write ${a.out}: ${(err as Error).message}`);
      }
    }
    const t0 = io.now();
    let lastProgress = t0;
    let totalEvents = 0;
    let failed = 0;
    try {
      for (let i = 1; i <= a.games; i++) {
        const seed = matchSeed(a.seed, a.games, i);
        const matchId = `sim-${seed}`;
        const m0 = io.now();
        let line: Record<string, unknown>;
        try {
          const m = playMatch(game, {
            seed,
            matchId,
            bots,
            recordStates: a.check === true,
            ...(a['max-commands'] ? { maxCommands: a['max-commands'] } : {}),
          });
          const st = game.status(m.final);
          line = {
            matchId,
            seed,
            winner: st.winner,
            result: m.endedByRules ? st.result : `not ended after ${m.commands} commands`,
            turns: game.position(m.final).turn,
            events: m.events.length,
            commands: m.commands,
            ms: Math.round(io.now() - m0),
          };
          if (a.check) {
            const broken = checkInvariants(game, m);
            line.invariants =
              broken.length === 0
                ? 'ok'
                : broken.slice(0, 5).map((f) => `seq ${f.seq}: ${f.invariant}: ${f.detail}`);
            if (broken.length > 0) failed += 1;
          }
          if (!m.endedByRules) failed += 1;
          totalEvents += m.events.length;
          if (fd !== null) writeSync(fd, toJsonl(m.events));
        } catch (err) {
          failed += 1;
          line = { matchId, seed, error: (err as Error).message, ms: Math.round(io.now() - m0) };
          io.err(
            `simulate: match ${matchId} failed: ${(err as Error).message} (replay it with --seed ${seed})`,
          );
        }
        io.out(JSON.stringify(line));
        const now = io.now();
        if (a.games > 1 && (now - lastProgress >= 1000 || i === a.games)) {
          lastProgress = now;
          const s = Math.max(now - t0, 1) / 1000;
          const eta = ((a.games - i) * s) / i;
          (io.progress ?? io.err)(
            `simulate ${a.game}: ${i}/${a.games} matches, ${formatRate(i / s)} matches/s, ${formatRate(totalEvents / s)} events/s${i < a.games ? `, ~${Math.ceil(eta)} s left` : ''}`,
          );
        }
      }
    } finally {
      if (fd !== null) closeSync(fd);
    }
    if (a.games > 1) {
      const s = Math.max(io.now() - t0, 1) / 1000;
      io.err(
        `simulate ${a.game}: ${a.games} matches, ${totalEvents} events in ${s.toFixed(2)} s (${formatRate(a.games / s)} matches/s, ${formatRate(totalEvents / s)} events/s)${failed ? `; ${failed} failed` : ''}`,
      );
    }
    return failed > 0 ? 1 : 0;
  },
};
