// seek: the state at seq N as a viewer sees it (or its board model), from a JSONL file.
import { resolve } from 'node:path';
import { z } from 'zod';
import { fold, ViewerSchema, type Viewer } from '@matchtape/engine';
import { nonNegInt, validate } from '../args';
import { pretty, type CommandDef } from '../command';
import { pickMatch, readJsonl } from '../jsonl';
import { CliError, getGame } from '../io';
import { gameOf } from '../verify';

const Schema = z.object({
  positionals: z
    .array(z.string())
    .length(1, 'give one JSONL file: matchtape seek F.jsonl --seq N --as VIEWER'),
  seq: nonNegInt(),
  as: z
    .string({ message: 'who is looking? --as judge|public|p1|p2…' })
    .refine((v) => ViewerSchema.safeParse(v).success, 'a viewer is judge, public, p1, p2, …'),
  match: z.string().min(1).optional(),
  game: z.string().min(1).optional(),
  board: z.literal(true).optional(),
});

export const seek: CommandDef = {
  name: 'seek',
  summary: 'print the state at seq N as a viewer sees it (game.view), or its board model',
  usage: 'seek F.jsonl --seq N --as judge|public|p1|p2… [--board] [--match ID]',
  flags: {
    seq: { value: 'N', help: 'after event N (0 = before the first event)' },
    as: { value: 'VIEWER', help: 'judge (everything), public (spectators) or a seat p1, p2…' },
    board: { boolean: true, help: 'print the board model (what the site draws) instead of the state' },
    match: { value: 'ID', help: 'which match, when the file holds several' },
    game: { value: 'G', help: 'game id, for files whose MatchStarted does not name one' },
  },
  details:
    'The state is view(fold(events 1…N), viewer); by the redaction invariant it equals folding the redacted events.',
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'seek');
    const file = a.positionals[0]!;
    const { matchId, events } = pickMatch(readJsonl(resolve(io.cwd, file), file), file, a.match);
    const last = events[events.length - 1]!.seq;
    if (a.seq > last)
      throw new CliError(`seek: seq ${a.seq} is past the end of match ${matchId} (last seq ${last})`);
    const gameId = gameOf(events) ?? a.game;
    if (!gameId)
      throw new CliError(`seek: match ${matchId} does not name its game in MatchStarted; pass --game G`);
    const game = await getGame(io, gameId);
    const state = game.view(
      fold(
        game,
        events.filter((e) => e.seq <= a.seq),
      ),
      a.as as Viewer,
    );
    io.out(pretty(a.board ? game.board(state) : state));
    return 0;
  },
};
