// The citation audit: every rule id a game cites (found in its source) must exist in its rules document, must
// not be a bare heading, and — for the ids its rejections cite — the rule's text must name the thing refused
// (a curated list of keywords per rule, in the game's package: src/rules-audit.ts). Pure; suites.ts reads files.
import type { RulesDocument } from './rules-doc';

export interface CitedRule {
  /** file:line of each citation. */
  where: string[];
  /** Cited by a rejection (a `reject(…)` or a guard): its text must decide what is refused. */
  rejection: boolean;
  /** Every citation names a whole section (a phase's or a keyword's own rule), where a heading is right. */
  section: boolean;
}

export interface SourceFile {
  path: string;
  text: string;
}

/**
 * Collects the single-quoted literals that look like rule ids (`idPattern`, anchored) from source files; those on
 * a line matching `rejectionLine` are rejections' citations, those on a `sectionLine` name a section. A formatter
 * spreads an object literal over lines, so `sectionLine` is also tried on the innermost object literal around the
 * line joined into one line (`meta: { rule: '…', phase: … }`), and `rejectionLine` on that object from its opening
 * line to the citation (`return { rule: '…'`). Rule numbers written inside a message's prose
 * are not citations and are not collected.
 */
export function citedRules(
  files: readonly SourceFile[],
  idPattern: RegExp,
  rejectionLine: RegExp = /\breject\(/,
  sectionLine?: RegExp,
): Map<string, CitedRule> {
  const out = new Map<string, CitedRule>();
  for (const f of files) {
    // A rejection's call may span lines (a formatter breaks long calls): its arguments stay a rejection's until
    // the call's parentheses close.
    let open = 0;
    const lines = f.text.split('\n');
    const objects = objectContexts(lines);
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      // A trailing comment may name rules in quotes; it cites nothing.
      const code = line.replace(/\s\/\/\s.*$/, '');
      const starts = code.search(rejectionLine);
      const object = objects[i];
      const rejection = open > 0 || starts >= 0 || (object !== undefined && rejectionLine.test(object.head));
      for (const m of code.matchAll(/'([^'\n]{1,40})'/g)) {
        const id = m[1]!;
        if (!idPattern.test(id)) continue;
        const c = out.get(id) ?? { where: [], rejection: false, section: true };
        c.where.push(`${f.path}:${i + 1}`);
        if (rejection) c.rejection = true;
        if (!sectionLine?.test(code) && !(object !== undefined && sectionLine?.test(object.text)))
          c.section = false;
        out.set(id, c);
      }
      if (open > 0) open = Math.max(0, open + parenBalance(code));
      else if (starts >= 0) open = Math.max(0, parenBalance(code.slice(starts)));
    });
  }
  return out;
}

/** Object literals longer than this are tables, not one statement: their lines keep their own context. */
const MAX_OBJECT_LINES = 40;

/**
 * For each line inside a multi-line object literal, that innermost object's own properties joined into one line
 * (from the start of the line that opens it to the line that closes it, nested objects left out, white space
 * folded), and its head (the opening line and
 * this one: a rejection pattern is tried on what opens the object and on the citation's own property); undefined
 * elsewhere. A `{` counts as an
 * object literal unless it opens a block (after `)`, `=>`, `else`, `try`, `finally`, `do` or a declaration's name).
 */
function objectContexts(lines: readonly string[]): ({ text: string; head: string } | undefined)[] {
  const out: ({ text: string; head: string } | undefined)[] = new Array(lines.length).fill(undefined);
  const fold = (from: number, to: number) =>
    lines
      .slice(from, to + 1)
      .join(' ')
      .replace(/\s+/g, ' ');
  const span: number[] = new Array(lines.length).fill(Infinity);
  const stack: { line: number; column: number; object: boolean }[] = [];
  lines.forEach((raw, i) => {
    const code = raw
      .replace(/\s\/\/\s.*$/, '')
      .replace(
        /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g,
        (m) => `'${'x'.repeat(m.length - 2)}'`,
      );
    if (/^\s*(\/\/|\*|\/\*)/.test(raw)) return;
    for (let k = 0; k < code.length; k++) {
      const ch = code[k];
      if (ch === '{') {
        const before = code.slice(0, k).trimEnd();
        const block =
          /(\)|=>|\belse|\btry|\bfinally|\bdo|\b(class|interface|enum|namespace)\s+[\w<>, ]+|\bcase\b.*:|\bdefault:)$/.test(
            before,
          );
        stack.push({ line: i, column: k, object: !block });
      } else if (ch === '}') {
        const o = stack.pop();
        if (!o?.object || i === o.line || i - o.line > MAX_OBJECT_LINES) continue;
        // The object's own properties: what its nested objects say is theirs (a state's `meta` names its
        // section; the transition inside it cites its own rule).
        let own = fold(o.line, i).slice(lines[o.line]!.slice(0, o.column).replace(/\s+/g, ' ').length + 1);
        while (/\{[^{}]*\}/.test(own)) own = own.replace(/\{[^{}]*\}/g, '');
        const text = `${lines[o.line]!.slice(0, o.column)}{ ${own}`.replace(/\s+/g, ' ');
        for (let l = o.line + 1; l < i; l++)
          if (i - o.line < span[l]!) {
            span[l] = i - o.line;
            out[l] = { text, head: `${lines[o.line]!} ${lines[l]!}`.replace(/\s+/g, ' ') };
          }
      }
    }
  });
  return out;
}

/** Opening minus closing parentheses outside string literals. */
function parenBalance(code: string): number {
  const bare = code.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '');
  let n = 0;
  for (const ch of bare) n += ch === '(' ? 1 : ch === ')' ? -1 : 0;
  return n;
}

export interface RulesAuditData {
  /** Rule id → words its text must contain (case-insensitive) because the citation is about them. */
  keywords: Readonly<Record<string, readonly string[]>>;
  /**
   * Ids the numbered document does not carry (a quick-start sheet's item, a card ruling of an appendix):
   * each resolves to a passage that must appear verbatim in one of the documents.
   */
  passages?: Readonly<Record<string, string>>;
  /**
   * Card rulings an appendix files under a rule (Alpha Clash's Appendix C gives each a "Rule Ref."), quoted
   * verbatim: they decide with the rule, so the keywords may be found in either.
   */
  rulings?: Readonly<Record<string, string>>;
  /**
   * Whether every rejection's rule needs keywords (default true). A game whose keyword list is not curated yet
   * sets false: its ids are still checked to exist and not to be headings.
   */
  keywordsRequired?: boolean;
  /** Literals that look like ids but are not rules (e.g. 'scenario' for a start-position problem). */
  notRules?: readonly string[];
}

const plain = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/[*_]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/**
 * The audit's findings, one line each (empty when every citation holds): unknown ids, headings cited, rejections
 * whose rule has no curated keywords, and keywords the rule's text lacks. `raw` is the documents' full text, for
 * `passages`.
 */
export function auditCitations(
  cited: ReadonlyMap<string, CitedRule>,
  doc: RulesDocument,
  data: RulesAuditData,
  raw: string,
): string[] {
  const findings: string[] = [];
  const rawPlain = plain(raw);
  for (const [id, c] of [...cited].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
    if (data.notRules?.includes(id)) continue;
    const at = `${id} (${c.where.slice(0, 3).join(', ')}${c.where.length > 3 ? ', …' : ''})`;
    const passage = data.passages?.[id];
    let text: string;
    if (passage !== undefined) {
      if (!rawPlain.includes(plain(passage))) {
        findings.push(`${at}: its passage "${passage}" is not in the rules document`);
        continue;
      }
      text = passage;
    } else {
      const r = doc.get(id);
      if (!r) {
        findings.push(`${at}: no rule ${id} in the rules document`);
        continue;
      }
      if (r.heading && !c.section) {
        findings.push(
          `${at}: ${id} is a heading ("${r.text.split('\n')[0]}"), not a rule; cite the sub-rule that decides`,
        );
        continue;
      }
      text = r.text;
    }
    const ruling = data.rulings?.[id];
    if (ruling !== undefined) {
      if (!rawPlain.includes(plain(ruling)))
        findings.push(`${at}: its ruling "${ruling}" is not in the rules document`);
      text = `${text}\n${ruling}`;
    }
    const words = data.keywords[id];
    if (!words || words.length === 0) {
      if (c.rejection && data.keywordsRequired !== false)
        findings.push(`${at}: a rejection cites ${id} but the audit data lists no keywords for it`);
      continue;
    }
    const t = plain(text);
    const missing = words.filter((w) => !t.includes(plain(w)));
    if (missing.length > 0)
      findings.push(
        `${at}: the text of ${id} does not mention ${missing.map((w) => `"${w}"`).join(', ')}: "${text.slice(0, 160)}"`,
      );
  }
  for (const id of Object.keys(data.keywords))
    if (!cited.has(id)) findings.push(`${id}: listed in the audit data but cited nowhere; drop it`);
  return findings;
}

/** A coverage entry as the report lists it (engine `CoverageEntry`, kept structural so this file stays pure). */
export interface CoverageLine {
  rule: string;
  status: string;
}

/** True when `id` is `rule` or one of its sub-rules ("406" → "406.3a", "414.1" → "414.1a", "4.0" → "4.0.E1"). */
export function withinRule(id: string, rule: string): boolean {
  if (id === rule) return true;
  if (!id.startsWith(rule)) return false;
  const next = id.slice(rule.length);
  return next.startsWith('.') || /^[a-z]/.test(next);
}

const word = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Every single-quoted literal of the source, as a bare word ('Ranged Attack' → "rangedattack"): how code names a keyword. */
export function quotedWords(files: readonly SourceFile[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) for (const m of f.text.matchAll(/'([^'\n]{1,40})'/g)) out.add(word(m[1]!));
  return out;
}

/**
 * The rules-coverage report held against the code, one line per finding (empty when true). Every entry names a
 * rule of the document, or a section whose sub-rules are in it — never a heading with nothing under it (such as
 * an empty "Rule Not Found" section). Every entry it lists as implemented is cited by some code path: the rule
 * itself or one of its sub-rules, or — for a keyword entry — the keyword's name, which is how code applies a
 * keyword. A report that says "implemented" for a rule no code cites is not true to the code.
 */
export function auditCoverage(
  entries: readonly CoverageLine[],
  keywordEntries: readonly CoverageLine[],
  cited: ReadonlyMap<string, CitedRule>,
  words: ReadonlySet<string>,
  doc: RulesDocument,
  opts: { idPattern: RegExp; notRules?: readonly string[] },
): string[] {
  const findings: string[] = [];
  const ids = [...cited.keys()];
  const docIds = [...doc.keys()];
  for (const [e, keyword] of [
    ...entries.map((x) => [x, false] as const),
    ...keywordEntries.map((x) => [x, true] as const),
  ]) {
    // Ids outside the document's numbering (a quick-start item, a project's own) are checked by their own tests.
    if (!opts.idPattern.test(e.rule) || opts.notRules?.includes(e.rule)) continue;
    const r = doc.get(e.rule);
    const under = docIds.some((id) => id !== e.rule && withinRule(id, e.rule));
    if (!r && !under) {
      findings.push(`${e.rule}: listed in rules-coverage but not a rule of the document`);
      continue;
    }
    // Partial and missing entries say why in their reason (an empty section the engine fills by a decision, say).
    if (e.status !== 'implemented') continue;
    if (r?.heading && r.text.trim().split('\n').length <= 1 && !under)
      findings.push(
        `${e.rule}: a heading with no rule under it ("${r.text.trim()}") is listed as implemented in rules-coverage`,
      );
    const name = r ? word(/^[A-Za-z][A-Za-z' ]*?(?= \[| -|$)/m.exec(r.text.trim())?.[0] ?? '') : '';
    const byName = keyword && name.length > 2 && words.has(name);
    if (!byName && !ids.some((id) => withinRule(id, e.rule)))
      findings.push(
        `${e.rule}: rules-coverage says implemented, but no code path cites ${e.rule} or a sub-rule of it${keyword ? ` or names the keyword${name ? ` "${name}"` : ''}` : ''}`,
      );
  }
  return findings;
}
