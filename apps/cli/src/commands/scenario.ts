// scenario: runs scripted scenario files (docs/architecture.md, "Scenarios") through the kernel's runScenario.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { runScenario } from '@matchtape/engine';
import { validate } from '../args';
import type { CommandDef } from '../command';
import { CliError, loadGames } from '../io';

const Schema = z.object({
  positionals: z.array(z.string()).min(1, 'give a scenario file or a directory of them'),
  json: z.literal(true).optional(),
});

/** Scenario files under a path: the file itself, or every *.json below a directory (sorted). */
export function scenarioFiles(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new CliError(`no such file or directory: ${path}`);
  }
  if (st.isFile()) return [path];
  const out: string[] = [];
  for (const name of readdirSync(path).sort()) {
    const p = join(path, name);
    if (statSync(p).isDirectory()) out.push(...scenarioFiles(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

export const scenario: CommandDef = {
  name: 'scenario',
  summary: 'run scripted scenario files; exit 0 when every expectation holds',
  usage: 'scenario FILE.json|DIR [more…] [--json]',
  flags: { json: { boolean: true, help: 'one JSON result per file instead of text' } },
  details: [
    'File format (packages/engine/README.md, "Scenario files"): { game, seed, rule?, description?, options?,',
    'players: { p1: { name?, deck?: [...], <extra section>: [...] } }, stack?: { p1: { deck?: [top first], hand? } },',
    'start?: { turn, turnPlayer, phase, step?, priority?, players: { p1: { zones: { <zone>: [card | { card, id?, status?,',
    'faceDown?, enteredTurn?, setTurn?, counters?, damage?, health?, maxHealth?, attachedTo? }] }, health?, counters? } },',
    'shared?: { <zone>: [...] }, effects?: [{ kind, source?, target?, until? }] }, cards?: [test cards { id, name, type,',
    'cost?, stats?, keywords? }], steps: [...] }. Steps: { command, expect?: "accepted" | { rejected: { rule } }, label? }',
    '| { expectEvent: { type, payload?, rule?, cause? } } | { expectNoEvent: { type, payload?, from?, to? } } |',
    '{ expectState: { as, path, equals | length | absent | matches } } | { expectPriority: { holder } } |',
    '{ expectStats: { card, stats } } | { expectPosition: { turn?, phase?, step?, activePlayer? } } | { mark }.',
    'expectEvent looks at events since the previous command, in order; expectState reads a dotted path (a.b[0].c)',
    "of the game's view for `as`. A directory runs every *.json below it. Exit 1 when any expectation fails.",
  ].join('\n'),
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'scenario');
    const files = a.positionals.flatMap((p) => scenarioFiles(resolve(io.cwd, p)));
    if (files.length === 0) throw new CliError(`no *.json scenario files in ${a.positionals.join(', ')}`);
    const games = await loadGames(io);
    let failed = 0;
    for (const file of files) {
      const name = relative(io.cwd, file) || file;
      let failures: string[];
      let steps = 0;
      try {
        const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
        const gameId = (raw as { game?: unknown } | null)?.game;
        const game = typeof gameId === 'string' ? games[gameId] : undefined;
        steps = Array.isArray((raw as { steps?: unknown }).steps)
          ? (raw as { steps: unknown[] }).steps.length
          : 0;
        if (!game)
          failures = [
            typeof gameId === 'string'
              ? `unknown game "${gameId}"; implemented games: ${Object.keys(games).join(', ')}`
              : 'the scenario names no game ("game": "…")',
          ];
        else failures = runScenario(game, raw).failures;
      } catch (err) {
        failures = [`cannot read scenario: ${(err as Error).message}`];
      }
      if (failures.length > 0) failed += 1;
      if (a.json) io.out(JSON.stringify({ file: name, ok: failures.length === 0, steps, failures }));
      else if (failures.length === 0) io.out(`✓ ${name} (${steps} steps)`);
      else io.out([`✗ ${name}`, ...failures.map((f) => `    ${f}`)].join('\n'));
    }
    if (!a.json)
      io.out(
        `${files.length - failed} passed, ${failed} failed (${files.length} scenario${files.length === 1 ? '' : 's'})`,
      );
    return failed > 0 ? 1 : 0;
  },
};
