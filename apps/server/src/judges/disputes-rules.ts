// Rule text for the rule numbers events and rejections cite, from the games' rules documents. Each game package
// holds its table (rules-text.json, built by scripts/build-rules-text.mjs and committed): no network and no
// documents at run time. Read here, on the server, so the site's bundle of the games does not carry them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface RuleText {
  /** The rule asked for. */
  rule: string;
  /** The entry shown: the rule itself, or the nearest enclosing rule the document numbers. */
  found: string | null;
  text: string | null;
  source: string | null;
}

const resolve = createRequire(import.meta.url).resolve;

/** The game package's rules-text.json (the package is named by the game's id); null for no such game. */
function rulesTextFile(game: string): string | null {
  if (!/^[a-z-]+$/.test(game)) return null;
  try {
    return resolve(`@matchtape/${game}/rules-text.json`);
  } catch {
    return null;
  }
}

const tables = new Map<string, Record<string, { text: string; source: string }>>();

function table(game: string): Record<string, { text: string; source: string }> {
  let t = tables.get(game);
  if (!t) {
    const file = rulesTextFile(game);
    t = file
      ? (
          JSON.parse(readFileSync(file, 'utf8')) as {
            rules: Record<string, { text: string; source: string }>;
          }
        ).rules
      : {};
    tables.set(game, t);
  }
  return t;
}

/** Candidates from the most to the least specific: 504.2b.1 → 504.2b → 504.2 → 504; "409.n*" → 409. */
function candidates(rule: string): string[] {
  const out: string[] = [];
  let r = rule.trim().replace(/\*+$/, '');
  while (r) {
    out.push(r);
    const next =
      /[a-z]$/.test(r) && /\d[a-z]$/.test(r)
        ? r.slice(0, -1)
        : r.includes('.')
          ? r.slice(0, r.lastIndexOf('.'))
          : '';
    if (next === r) break;
    r = next;
  }
  return out;
}

export function ruleText(game: string, rule: string): RuleText {
  const t = table(game);
  for (const c of candidates(rule)) {
    const hit = Object.hasOwn(t, c) ? t[c] : undefined;
    if (hit) return { rule, found: c, text: hit.text, source: hit.source };
  }
  return { rule, found: null, text: null, source: null };
}

/** Texts of several rules (unique, in first-seen order). */
export function ruleTexts(game: string, rules: Iterable<string | null | undefined>): RuleText[] {
  const seen = new Set<string>();
  const out: RuleText[] = [];
  for (const r of rules) {
    if (!r || seen.has(r)) continue;
    seen.add(r);
    out.push(ruleText(game, r));
  }
  return out;
}
