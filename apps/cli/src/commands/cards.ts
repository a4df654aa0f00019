// cards load: an organiser's card set (JSON, engine cardset.ts) checked for its game before any match uses it.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { checkCardSet } from '@matchtape/engine';
import { validate } from '../args';
import type { CommandDef } from '../command';
import { CliError, loadGames } from '../io';

const Args = z.object({
  positionals: z.tuple(
    [z.literal('load', { message: 'the only subcommand is "load": cards load FILE' }), z.string().min(1)],
    { message: 'usage: cards load FILE' },
  ),
  json: z.literal(true).optional(),
});

export const cards: CommandDef = {
  name: 'cards',
  summary: "check an organiser's card set (JSON) for its game",
  usage: 'cards load FILE [--json]',
  flags: { json: { boolean: true, help: 'print the checked set as JSON' } },
  details: [
    'A card set is { "format": "matchtape-cards", "game": G, "name": N, "cards": [...] }; each card is a test card of',
    "the game (id, name, type, cost, stats, keywords, and the game's effect fields), as in scenario files.",
    'Each problem is printed as FILE:LINE: path: what is wrong. Exit 1 when the set is refused.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(Args, { positionals: args.positionals, ...args.flags }, 'cards');
    const file = resolve(io.cwd, a.positionals[1]);
    if (!existsSync(file)) throw new CliError(`cards: no file ${a.positionals[1]}`);
    const r = checkCardSet(readFileSync(file, 'utf8'), a.positionals[1], await loadGames(io));
    if (!r.ok) {
      for (const e of r.errors) io.out(`✗ ${e}`);
      io.out(`${a.positionals[1]}: refused (${r.errors.length} problem${r.errors.length === 1 ? '' : 's'})`);
      return 1;
    }
    if (a.json) io.out(JSON.stringify(r.set, null, 2));
    else
      io.out(
        `✓ ${a.positionals[1]}: ${r.set.cards.length} card${r.set.cards.length === 1 ? '' : 's'} for ${r.set.game} ("${r.set.name}"): ${r.set.cards.map((c) => c.id).join(', ')}`,
      );
    return 0;
  },
};
