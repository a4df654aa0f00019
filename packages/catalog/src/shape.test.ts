// "One game, one package, one shape": the steps of "Adding a game" (docs/architecture.md §8) checked on every game
// package, so a fifth game that skips one fails here. Deviations the four games still have are listed in GAPS with
// the step they miss; the test fails both when a new one appears and when a listed one is fixed (shrink the list).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARDS as AC_CARDS, KEYWORDS as AC_KEYWORDS } from '@matchtape/alpha-clash';
import { CARDS as EC_CARDS, KEYWORDS as EC_KEYWORDS } from '@matchtape/elemental-clash';
import { CARDS as GA_CARDS, KEYWORDS as GA_KEYWORDS } from '@matchtape/grand-archive';
import { CARDS as SP_CARDS, KEYWORDS as SP_KEYWORDS } from '@matchtape/the-spoils';
import { games } from './games';

const GAMES_DIR = resolve(fileURLToPath(new URL('../../games', import.meta.url)));
const dirs = readdirSync(GAMES_DIR).filter((d) => existsSync(join(GAMES_DIR, d, 'package.json')));

/** Every game package's files (step 1): one name for one job in all four. */
const REQUIRED = [
  'README.md',
  'src/index.ts', // defineGame (step 9)
  'rules-text.json', // rule number → text for the review page (scripts/build-rules-text.mjs)
  'src/machine.ts', // the turn structure (step 2)
  'src/decide.ts', // validate, then Draft (step 3)
  'src/flow.ts', // what the rules do by themselves after each command
  'src/evolve.ts', // the pure fold (step 3)
  'src/schemas.ts', // defineEvents + the command union (step 4)
  'src/types.ts',
  'src/view.ts', // zones and visibility (step 5)
  'src/present.ts',
  'src/rules.ts',
  'src/start.ts', // scenario hooks (step 8)
  'src/reshuffle.ts', // GameModule.reshuffleHidden: a fork's reshuffle of hidden, randomly ordered zones
  'src/coverage.ts', // step 7
  'src/rules-audit.ts',
  'src/cards/pool.ts', // step 6
  'src/cards/decks.ts',
  'src/cards/keywords.ts',
  'src/bots/index.ts',
  'src/module.test.ts', // step 10
  'src/scenarios.test.ts', // step 11
  'src/coverage.test.ts',
  'src/fuzz.test.ts',
  'src/machine.test.ts',
  'src/rules-audit.test.ts',
];
/** Test scaffolding any game may have (imported by tests only). */
const SCAFFOLDING = ['src/test-helpers.ts', 'src/property-helpers.ts'];
/** Source files one game has beyond the shape, each with its reason. */
const EXTRAS: Record<string, Record<string, string>> = {
  'alpha-clash': { 'src/state.ts': 'state constructors shared by setup, start and flow' },
  'elemental-clash': { 'src/draft.ts': "the kit's Draft bound to the Elemental Clash fold" },
  'grand-archive': {
    'src/start-moment.ts':
      'start positions at any phase or step (combat, the Effects Stack, waiting triggers)',
  },
};

/** What a step of "Adding a game" leaves in the source, as text any reader can grep for. */
const STEPS: { step: string; file: string; pattern: RegExp }[] = [
  { step: '2: machine meta with rules', file: 'src/machine.ts', pattern: /meta: \{[^}]*rule/ },
  { step: '3: decisions through the kit Draft', file: 'src/flow.ts', pattern: /\bDraft\b/ },
  { step: '4: events with defineEvents', file: 'src/schemas.ts', pattern: /\bdefineEvents\(/ },
  {
    step: "5: zones through the kit's hidden-card helpers",
    file: 'src/view.ts',
    pattern: /\b(redactZone|slotFor)\(/,
  },
  {
    step: "6: bots from the kit's randomBot / greedyBot",
    file: 'src/bots/index.ts',
    pattern: /import \{[^}]*\b(randomBot|greedyBot)\b[^}]*\} from '@matchtape\/engine'/,
  },
  {
    step: '7: coverage = mergeCoverage(machineRulesCoverage(…), …)',
    file: 'src/coverage.ts',
    pattern: /\bmergeCoverage\([\s\S]*machineRulesCoverage\(/,
  },
  {
    step: '9: defineGame with the standard files (fromFiles)',
    file: 'src/index.ts',
    // GameFiles types what each file exports; the index hands every standard file over.
    pattern: /\bdefineGame\b[\s\S]*\.\.\.fromFiles\b/,
  },
  { step: '10: the conformance suite', file: 'src/module.test.ts', pattern: /\bdescribeGameModule\(/ },
  { step: '11: the rules audit suite', file: 'src/rules-audit.test.ts', pattern: /\bdescribeRulesAudit\(/ },
];

/** Steps a game still misses (issue 28): remove a line when the game is brought into shape. */
const GAPS: string[] = [];

function sourceFiles(dir: string, under = 'src'): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(dir, `${under}/${e.name}`)
      : e.name.endsWith('.ts')
        ? [`${under}/${e.name}`]
        : [],
  );
}

describe('every game package has the shape of "Adding a game"', () => {
  it('every package under packages/games is in the catalog, and every catalog game has a package', () => {
    const ids = dirs.map((d) =>
      (JSON.parse(readFileSync(join(GAMES_DIR, d, 'package.json'), 'utf8')) as { name: string }).name.replace(
        '@matchtape/',
        '',
      ),
    );
    expect(ids.sort()).toEqual(Object.keys(games).sort());
  });

  it.each(dirs)('%s: the standard files, and no other source file that is not declared', (d) => {
    const dir = join(GAMES_DIR, d);
    expect(REQUIRED.filter((f) => !existsSync(join(dir, f)))).toEqual([]);
    const allowed = new Set([...REQUIRED, ...SCAFFOLDING, ...Object.keys(EXTRAS[d] ?? {})]);
    // cards/ may hold more data files (effects, test cards, types); tests beside the code are free.
    const undeclared = sourceFiles(dir).filter(
      (f) => !allowed.has(f) && !f.endsWith('.test.ts') && !f.startsWith('src/cards/'),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(Object.values(games).map((g) => [g.id, g] as const))(
    '%s: two preset decks, both bots, scenario files (steps 6, 8)',
    (id, g) => {
      expect(Object.keys(g.presetDecks).length).toBeGreaterThanOrEqual(2);
      expect(typeof g.bots.random.choose).toBe('function');
      expect(typeof g.bots.greedy.choose).toBe('function');
      expect(g.scenario, 'scenario hooks').toBeDefined();
      expect(
        readdirSync(join(GAMES_DIR, id, 'scenarios')).filter((f) => f.endsWith('.json')).length,
      ).toBeGreaterThan(0);
    },
  );

  // The card pool and the keyword table have one shape in every game: arrays, a card by `id`, a keyword by its
  // rules-document name and rule (the kit's KeywordEntry).
  it.each([
    ['alpha-clash', AC_CARDS, AC_KEYWORDS],
    ['elemental-clash', EC_CARDS, EC_KEYWORDS],
    ['grand-archive', GA_CARDS, GA_KEYWORDS],
    ['the-spoils', SP_CARDS, SP_KEYWORDS],
  ] as const)('%s: CARDS and KEYWORDS are lists of one shape (step 6)', (_id, cards, keywords) => {
    expect(Array.isArray(cards) && cards.length > 0).toBe(true);
    for (const c of cards as readonly { id: unknown }[]) expect(typeof c.id).toBe('string');
    expect(Array.isArray(keywords) && keywords.length > 0).toBe(true);
    for (const k of keywords as readonly { keyword: unknown; rule: unknown }[]) {
      expect(typeof k.keyword, JSON.stringify(k)).toBe('string');
      expect(typeof k.rule, JSON.stringify(k)).toBe('string');
    }
  });

  it('the steps each game still misses are exactly the listed gaps', () => {
    const missing = dirs.flatMap((d) =>
      STEPS.filter((s) => !s.pattern.test(readFileSync(join(GAMES_DIR, d, s.file), 'utf8'))).map(
        (s) => `${d} misses step ${s.step}`,
      ),
    );
    expect(missing.sort()).toEqual([...GAPS].sort());
  });
});
