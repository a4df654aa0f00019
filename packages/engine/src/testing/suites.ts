// Test suites the games share beyond the conformance suite: their scenario files through the runner, the
// rules-coverage report against the tree, and fuzzed commands at states of played matches. Each game's test
// file states only what is its own (directory, rule pattern, counts, how to fill a fuzzed command).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../canonical';
import { verifyChain } from '../envelope';
import { fold } from '../fold';
import type { AnyGameModule, Command } from '../game';
import type { Viewer } from '../ids';
import { Rng } from '../rng';
import { runScenario, type ScenarioResult } from '../scenario';
import { expectRejectedOrListed } from './conformance';
import {
  auditCitations,
  auditCoverage,
  citedRules,
  quotedWords,
  type RulesAuditData,
  type SourceFile,
} from './rules-audit';
import type { RuleText, RulesDocument } from './rules-doc';
import {
  checkInvariants,
  checkLegalEquivalence,
  firstDifference,
  playMatch,
  rngCursorOf,
  type PlayedMatch,
} from './harness';

/** The repository root, from a file four levels down (packages/games/<id>/src). */
export function repoRoot(dirname: string): string {
  return join(dirname, '../../../..');
}

export interface ScenarioFilesOptions {
  /** The folder of the game's scenario files. */
  dir: string;
  /** At least this many files. */
  atLeast: number;
  /** What every file's `rule` must match. */
  rule: RegExp;
  /** How the count test names what a file cites. */
  cites?: string;
  /** Also hold each file's log to the invariants: chain, fold, redaction commuting and no secret shown (expectLogInvariants). */
  logInvariants?: readonly Viewer[];
  /** Further checks on each file's run (after failures are empty and ok is true). */
  check?(result: ScenarioResult): void;
}

/**
 * A scripted match keeps the log invariants (ARCHITECTURE.md §6): its chain verifies, and for each viewer folding
 * the redacted events gives the redacted fold (redaction commutes) and that view shows none of the viewer's secrets.
 */
export function expectLogInvariants(
  game: AnyGameModule,
  result: ScenarioResult,
  viewers: readonly Viewer[],
): void {
  expect(verifyChain(result.events)).toEqual({ ok: true });
  const judge = fold<unknown>(game, result.events);
  for (const v of viewers) {
    const redacted = fold<unknown>(
      game,
      result.events.map((e) => game.viewEvent(e, v)),
    );
    const expected = game.view(judge, v);
    expect(jsonEqual(redacted, expected), `${v}: ${firstDifference(expected, redacted)}`).toBe(true);
    const shown = JSON.stringify(expected);
    for (const secret of game.secrets(judge, v))
      expect(shown.includes(`"${secret}"`), `${v} sees ${secret}`).toBe(false);
  }
}

/** The scenario files (`*.json`) of `dir` in name order, each with its parsed contents. */
export function readScenarioFiles(dir: string): { file: string; input: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, input: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown }));
}

/** Every scenario file of `dir` through the kernel's runner, one test a file, and a test of count, game, rule and description. */
export function describeScenarioFiles(game: AnyGameModule, opts: ScenarioFilesOptions): void {
  const scenarios = new Map(readScenarioFiles(opts.dir).map((s) => [s.file, s.input]));
  const files = [...scenarios.keys()];
  const read = (f: string): unknown => scenarios.get(f);
  describe(`${game.id} scenarios`, () => {
    it(`there are at least ${opts.atLeast}, each citing its ${opts.cites ?? 'rule'}`, () => {
      expect(files.length).toBeGreaterThanOrEqual(opts.atLeast);
      for (const f of files) {
        const s = read(f) as { rule?: string; game: string; description?: string };
        expect(s.game, f).toBe(game.id);
        expect(s.rule, f).toMatch(opts.rule);
        expect(s.description, f).toBeTruthy();
      }
    });
    it.each(files)('%s', (f) => {
      const r = runScenario(game, read(f));
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
      if (opts.logInvariants) expectLogInvariants(game, r, opts.logInvariants);
      opts.check?.(r);
    });
  });
}

export interface RulesCoverageOptions {
  /** The repository root the report's test paths are relative to. */
  root: string;
  /** How many keywords the rules document lists. */
  keywords: number;
}

/** The rules-coverage report names real tests: files exist, implemented entries have tests, the rest say why. */
export function describeRulesCoverage(game: AnyGameModule, opts: RulesCoverageOptions): void {
  describe(`${game.id} rules coverage`, () => {
    const all = [...game.coverage.sections, ...game.coverage.keywords];
    it('cites existing tests and scenario files', () => {
      for (const e of all)
        for (const t of e.tests) expect(existsSync(join(opts.root, t)), `${e.rule}: ${t}`).toBe(true);
    });
    it('implemented entries have tests; the others give a reason', () => {
      for (const e of all) {
        if (e.status === 'implemented') expect(e.tests.length, e.rule).toBeGreaterThan(0);
        else expect(e.reason?.length ?? 0, e.rule).toBeGreaterThan(10);
      }
    });
    it(`lists all ${opts.keywords} keywords of the rules document`, () => {
      expect(game.coverage.keywords).toHaveLength(opts.keywords);
    });
  });
}

export interface FuzzOptions<S, X> {
  /** Command types to try: the game's own and some that are not. */
  types: readonly string[];
  /** How many id picks each run draws. */
  picks: number;
  /** Ids present somewhere in a state, so fuzzed commands often hit real cards. */
  ids(state: S): string[];
  /** Further values each run draws (amounts, flags), handed to `fill`. */
  extra: fc.Arbitrary<X>;
  /** Puts the game's fields on `cmd` (`{ type, player }` already), from the picks and the extra values. */
  fill(cmd: Record<string, unknown>, pick: (i: number) => string, picks: readonly number[], extra: X): void;
  /** What a rejection's rule must match. */
  rule: RegExp;
  seed: number;
  numRuns?: number;
}

/**
 * Invariant 4 under fuzzing: commands of random types, seats (including one not in the match) and fields, at
 * random states of `matches`, are rejected with a rule and change nothing, or are accepted and listed.
 */
export function fuzzCommands<S, X>(
  game: AnyGameModule,
  matches: readonly PlayedMatch<S>[],
  opts: FuzzOptions<S, X>,
): void {
  fc.assert(
    fc.property(
      fc.nat(),
      fc.nat(),
      fc.constantFrom(...opts.types),
      fc.constantFrom('p1', 'p2', 'p3'),
      fc.array(fc.nat(), { minLength: opts.picks, maxLength: opts.picks }),
      opts.extra,
      (mi, si, type, player, picks, extra) => {
        const m = matches[mi % matches.length]!;
        const k = si % m.states.length;
        const ids = opts.ids(m.states[k]!);
        const pick = (i: number) => ids[picks[i]! % ids.length]!;
        const cmd: Record<string, unknown> = { type, player };
        opts.fill(cmd, pick, picks, extra);
        expectRejectedOrListed(game, m, k, cmd as Command, opts.rule);
      },
    ),
    { numRuns: opts.numRuns ?? 3000, seed: opts.seed },
  );
}

/** A finished match rejects `command` with `rule` and lists nothing for its seat. */
export function expectEndedRejects<S>(
  game: AnyGameModule,
  match: PlayedMatch<S>,
  command: Command,
  rule: string,
): void {
  expect(game.decide(match.final, command, { rng: new Rng('x') })).toMatchObject({ ok: false, rule });
  expect(game.legalCommands(match.final, command.player)).toEqual([]);
}

/** MATCHTAPE_DEEP=1 runs the long versions of the property tests (more matches, more seeds). */
export const DEEP = process.env.MATCHTAPE_DEEP === '1';

/** The bots of the i-th seeded match: p1 alternates every match, p2 every third, so all four pairings occur. */
export function botsFor(i: number) {
  return { p1: i % 2 === 0 ? 'random' : 'greedy', p2: i % 3 === 0 ? 'random' : 'greedy' } as const;
}

/** The kit's every-seq invariants (`checkInvariants`) on `count` bot matches seeded `${prefix}-${i}`, each ended by the rules. */
export function expectInvariantsOnMatches(game: AnyGameModule, prefix: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const m = playMatch<unknown>(game, { seed: `${prefix}-${i}`, bots: botsFor(i) });
    expect(m.endedByRules).toBe(true);
    expect(checkInvariants(game, m)).toEqual([]);
  }
}

/** Accepted ⇔ listed (with `probes` besides the listed commands) at every third state of `count` matches seeded `legal-${i}`. */
export function expectListedAtEveryThirdState(
  game: AnyGameModule,
  count: number,
  probes: readonly Command[],
): void {
  for (let i = 0; i < count; i++) {
    const m = playMatch<unknown>(game, { seed: `legal-${i}`, bots: botsFor(i) });
    for (let k = 0; k < m.states.length; k += 3) {
      const failures = checkLegalEquivalence(
        game,
        m.states[k]!,
        m.seed,
        rngCursorOf(m.events.slice(0, k + 1)),
        [...probes],
      );
      expect(failures, `state ${k} of legal-${i}`).toEqual([]);
    }
  }
}

export interface RulesAuditOptions {
  /** The game package's src folder: its non-test .ts files are walked for cited rule ids. */
  srcDir: string;
  /** The rules documents (file names under MATCHTAPE_RULES_DIR, default ../shared/seeds beside the repository), and how to number them. */
  docs: readonly { file: string; parse(text: string): RulesDocument }[];
  /** Other documents the game cites by id (its decisions table), as paths. */
  extraDocs?: readonly { path: string; parse(text: string): RulesDocument }[];
  /** What a rule id of this game looks like (anchored). */
  idPattern: RegExp;
  /** Lines whose ids are rejections' citations (default: lines with `reject(`). */
  rejectionLine?: RegExp;
  /** Lines whose ids name a whole section (a phase's meta, a keyword table), where a heading is right. */
  sectionLine?: RegExp;
  data: RulesAuditData;
  /**
   * Findings known and left to another change (each line's start, e.g. "404 (" ): the audit may report fewer,
   * never others. Empty for a game whose citations all hold.
   */
  known?: readonly string[];
}

/**
 * The directory of the rules documents: MATCHTAPE_RULES_DIR, or `shared/seeds` beside the repository (where the
 * project's machines and CI keep them; scripts/build-rules-text.mjs reads the same folder).
 */
export function rulesDir(): string {
  return (
    process.env.MATCHTAPE_RULES_DIR ?? fileURLToPath(new URL('../../../../../shared/seeds', import.meta.url))
  );
}

function sourceFiles(dir: string): SourceFile[] {
  // coverage.ts maps sections to tests: it names sections, it does not cite a deciding rule.
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'coverage.ts')
    .sort()
    .map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') }));
}

/** The game's rules documents (and its decisions table) parsed into one map of rule id → text. */
function loadDocs(opts: RulesAuditOptions): {
  doc: RulesDocument;
  texts: { text: string; parse(text: string): RulesDocument }[];
} {
  const dir = rulesDir();
  const texts = opts.docs.map((d) => {
    const path = join(dir, d.file);
    if (!existsSync(path))
      throw new Error(
        `rules document ${path} is missing: set MATCHTAPE_RULES_DIR to the folder of the rules documents`,
      );
    return { text: readFileSync(path, 'utf8'), parse: d.parse };
  });
  for (const d of opts.extraDocs ?? []) texts.push({ text: readFileSync(d.path, 'utf8'), parse: d.parse });
  const doc = new Map<string, RuleText>();
  for (const t of texts) for (const [id, r] of t.parse(t.text)) if (!doc.has(id)) doc.set(id, r);
  return { doc, texts };
}

/** Every rule id the game cites exists in its document, is a rule, and (for rejections) names the thing refused. */
export function describeRulesAudit(game: AnyGameModule, opts: RulesAuditOptions): void {
  describe(`${game.id} rules citations`, () => {
    it('each cited rule exists, is not a heading, and its text names what it decides', () => {
      const { doc, texts } = loadDocs(opts);
      const cited = citedRules(
        sourceFiles(opts.srcDir),
        opts.idPattern,
        opts.rejectionLine,
        opts.sectionLine,
      );
      expect(cited.size, 'no rule ids found: check idPattern').toBeGreaterThan(10);
      const findings = auditCitations(cited, doc, opts.data, texts.map((t) => t.text).join('\n'));
      const known = opts.known ?? [];
      expect(findings.filter((f) => !known.some((k) => f.startsWith(k)))).toEqual([]);
    });
    it('rules-coverage is true to the code: each implemented rule is cited by some code path, none is an empty heading', () => {
      const { doc } = loadDocs(opts);
      const files = sourceFiles(opts.srcDir);
      const cited = citedRules(files, opts.idPattern, opts.rejectionLine, opts.sectionLine);
      const found = auditCoverage(
        game.coverage.sections,
        game.coverage.keywords,
        cited,
        quotedWords(files),
        doc,
        {
          idPattern: opts.idPattern,
          notRules: [...(opts.data.notRules ?? []), ...Object.keys(opts.data.passages ?? {})],
        },
      );
      expect(found).toEqual([]);
    });
  });
}
