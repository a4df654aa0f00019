// log: a match file as the plain-words log a judge reads, one line per event (game.describe), as a viewer sees it.
import { resolve } from 'node:path';
import { z } from 'zod';
import { ViewerSchema, type Viewer } from '@matchtape/engine';
import { nonNegInt, validate } from '../args';
import type { CommandDef } from '../command';
import { pickMatch, readJsonl } from '../jsonl';
import { CliError, getGame } from '../io';
import { gameOf } from '../verify';

const Schema = z.object({
  positionals: z.array(z.string()).length(1, 'give one JSONL file: matchtape log F.jsonl'),
  as: z
    .string()
    .default('judge')
    .refine((v) => ViewerSchema.safeParse(v).success, 'a viewer is judge, public, p1, p2, …'),
  from: nonNegInt().optional(),
  to: nonNegInt().optional(),
  match: z.string().min(1).optional(),
  game: z.string().min(1).optional(),
});

export const log: CommandDef = {
  name: 'log',
  summary: 'the match as a readable log: seq, turn, phase/step, who, what happened (game.describe)',
  usage: 'log F.jsonl [--as VIEWER] [--from SEQ] [--to SEQ] [--match ID]',
  flags: {
    as: {
      value: 'VIEWER',
      help: 'judge (default), public or a seat: events are redacted for that viewer first',
    },
    from: { value: 'SEQ', help: 'first seq to print' },
    to: { value: 'SEQ', help: 'last seq to print' },
    match: { value: 'ID', help: 'which match, when the file holds several' },
    game: { value: 'G', help: 'game id, for files whose MatchStarted does not name one' },
  },
  details:
    'Key moments (game.keyMoment) are marked with ★. Rejected commands are not events and do not appear.',
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'log');
    const file = a.positionals[0]!;
    const { matchId, events } = pickMatch(readJsonl(resolve(io.cwd, file), file), file, a.match);
    const gameId = gameOf(events) ?? a.game;
    if (!gameId)
      throw new CliError(`log: match ${matchId} does not name its game in MatchStarted; pass --game G`);
    const game = await getGame(io, gameId);
    for (const e of events) {
      if ((a.from !== undefined && e.seq < a.from) || (a.to !== undefined && e.seq > a.to)) continue;
      const seen = game.viewEvent(e, a.as as Viewer);
      const who = 'player' in e.cause ? e.cause.player : 'rules';
      const key = game.keyMoment(seen) ? '★ ' : '';
      io.out(
        `${String(e.seq).padStart(5)}  T${e.turn} ${e.phase}${e.step ? `/${e.step}` : ''}  ${who.padEnd(5)} ${key}${game.describe(seen)}${e.rule ? `  (${e.rule})` : ''}`,
      );
    }
    return 0;
  },
};
