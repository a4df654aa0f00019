// schema, machine, rules-coverage: what a game module declares about itself.
import { z } from 'zod';
import {
  listStatePaths,
  listTransitions,
  machineToJson,
  type CoverageEntry,
  type CoverageStatus,
} from '@matchtape/engine';
import { validate } from '../args';
import { pretty, type CommandDef } from '../command';
import { CliError, getGame, loadGames } from '../io';

const GameOnly = z.object({
  positionals: z.array(z.string()).max(0, 'this command takes no positional arguments'),
  game: z.string({ message: 'which game? --game G' }).min(1),
});

export const schema: CommandDef = {
  name: 'schema',
  summary: "JSON Schema of a game's commands and events",
  usage: 'schema --game G',
  flags: { game: { value: 'G', help: 'game id' } },
  details:
    "Prints { game, rulesVersion, commands, events } where commands and events are JSON Schema (draft 2020-12) from the game's zod schemas. Commands omit `player`: the server sets it from the seat token.",
  async run(args, io) {
    const a = validate(GameOnly, { positionals: args.positionals, ...args.flags }, 'schema');
    const game = await getGame(io, a.game);
    let commands: unknown;
    let events: unknown;
    try {
      commands = z.toJSONSchema(game.commandSchema, { io: 'input', unrepresentable: 'any' });
      events = z.toJSONSchema(game.eventSchema, { io: 'output', unrepresentable: 'any' });
    } catch (err) {
      throw new CliError(
        `schema: ${game.id}'s zod schemas cannot be written as JSON Schema: ${(err as Error).message}`,
        1,
      );
    }
    io.out(pretty({ game: game.id, rulesVersion: game.rulesVersion, commands, events }));
    return 0;
  },
};

export const machine: CommandDef = {
  name: 'machine',
  summary: "the game's turn/phase/step machine as JSON for the Stately visualiser",
  usage: 'machine --game G [--paths]',
  flags: {
    game: { value: 'G', help: 'game id' },
    paths: { boolean: true, help: 'list state paths and transitions instead' },
  },
  details:
    'The JSON is an XState v5 config: paste it into createMachine(…) at https://stately.ai/viz or in the Stately VS Code extension. Guards and actions appear by name.',
  async run(args, io) {
    const a = validate(
      GameOnly.extend({ paths: z.literal(true).optional() }),
      { positionals: args.positionals, ...args.flags },
      'machine',
    );
    const game = await getGame(io, a.game);
    if (!a.paths) {
      io.out(pretty(machineToJson(game.machine)));
      return 0;
    }
    for (const s of listStatePaths(game.machine))
      io.out(
        `${'  '.repeat(s.depth - 1)}${s.path.split('.').pop()}  [${s.type}] ${s.path}${s.description ? ` — ${s.description}` : ''}`,
      );
    io.out('');
    for (const t of listTransitions(game.machine))
      io.out(
        `${t.source || '(root)'} --${t.event || '(always)'}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(', ') || '(stays)'}`,
      );
    return 0;
  },
};

const STATUSES: CoverageStatus[] = ['implemented', 'partial', 'not-implemented'];

function countBy(entries: readonly CoverageEntry[]): Record<CoverageStatus, number> {
  const c = { implemented: 0, partial: 0, 'not-implemented': 0 };
  for (const e of entries) c[e.status] += 1;
  return c;
}

export const rulesCoverage: CommandDef = {
  name: 'rules-coverage',
  summary: 'rules sections and keywords implemented / partial / not implemented, with reasons',
  usage: 'rules-coverage --game G [--json]   (or --all)',
  flags: {
    game: { value: 'G', help: 'game id' },
    all: { boolean: true, help: 'every game, counts only' },
    json: { boolean: true, help: 'the coverage as JSON' },
  },
  async run(args, io) {
    const a = validate(
      z
        .object({
          positionals: z.array(z.string()).max(0),
          game: z.string().min(1).optional(),
          all: z.literal(true).optional(),
          json: z.literal(true).optional(),
        })
        .refine((x) => !!x.game !== !!x.all, 'give --game G or --all'),
      { positionals: args.positionals, ...args.flags },
      'rules-coverage',
    );
    const ids = a.all ? Object.keys(await loadGames(io)) : [a.game!];
    const report = [];
    for (const id of ids) {
      const game = await getGame(io, id);
      const { sections, keywords } = game.coverage;
      report.push({
        game: id,
        rulesVersion: game.rulesVersion,
        counts: { sections: countBy(sections), keywords: countBy(keywords) },
        sections,
        keywords,
      });
    }
    if (a.json) {
      io.out(pretty(a.all ? report : report[0]));
      return 0;
    }
    for (const r of report) {
      io.out(`${r.game} — rules coverage (${r.rulesVersion})`);
      for (const kind of ['sections', 'keywords'] as const) {
        const c = r.counts[kind];
        io.out(
          `  ${kind}: ${c.implemented} implemented, ${c.partial} partial, ${c['not-implemented']} not implemented (${r[kind].length} in all)`,
        );
        if (a.all) continue;
        for (const status of STATUSES) {
          const list = r[kind].filter((e) => e.status === status);
          if (list.length === 0) continue;
          io.out(`    ${status} (${list.length}):`);
          for (const e of list)
            io.out(
              `      ${e.rule.padEnd(8)} ${e.title}${e.reason ? ` — ${e.reason}` : ''}${status !== 'not-implemented' ? `  [${e.tests.length} test${e.tests.length === 1 ? '' : 's'}]` : ''}`,
            );
        }
      }
    }
    return 0;
  },
};
