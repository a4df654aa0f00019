// Rules documents as a map from rule id to its text, for the citation audit (rules-audit.ts): each game's
// rulebook numbers its rules differently, so each has a parser; the audit then asks of every cited id that it
// exists, is not a bare heading, and that its text names the thing the game refuses. Pure: callers pass the text.

export interface RuleText {
  id: string;
  /** The rule's own text (its line and the unnumbered lines under it, examples included), without the id. */
  text: string;
  /** A title with no rule of its own ("114. Action Windows & Priority", "#### 404 Battle"). */
  heading: boolean;
}

export type RulesDocument = ReadonlyMap<string, RuleText>;

// A heading is a short title: no sentence, no colon.
const looksLikeHeading = (text: string) =>
  text.length < 60 &&
  !/[.:!?)]$/.test(text.trim()) &&
  !/\. /.test(text) &&
  text.trim().split(/\s+/).length <= 5;

function add(doc: Map<string, RuleText>, id: string, text: string, heading?: boolean): RuleText {
  const r: RuleText = { id, text: text.trim(), heading: heading ?? looksLikeHeading(text) };
  const before = doc.get(id);
  if (!before) {
    doc.set(id, r);
    return r;
  }
  // A number the document uses twice (Alpha Clash numbers both the Clashground Zone and Standby 405): the id
  // stands for both texts, and is a rule if either is.
  const both: RuleText = { id, text: `${before.text}\n${r.text}`, heading: before.heading && r.heading };
  doc.set(id, both);
  return both;
}

/** Follows `cur` with unnumbered lines (examples, wrapped sentences) until the next numbered one. */
function appendTo(cur: RuleText | null, line: string): void {
  if (!cur || line.trim() === '') return;
  cur.text = `${cur.text}\n${line.trim()}`;
  // A heading followed by prose of its own is a rule.
  if (cur.heading && /[.:]$/.test(line.trim())) cur.heading = false;
}

/**
 * Alpha Clash Comprehensive Rulebook: "107.3a. text", "504.2b.1. text", "703.16.a.1. text", "114. Title".
 * Rules start after the contents (the first "100.1." line).
 */
export function parseAlphaClashRules(text: string): RulesDocument {
  const doc = new Map<string, RuleText>();
  const lines = text.split('\n');
  const first = lines.findIndex((l) => /^100\.1\. /.test(l));
  let cur: RuleText | null = null;
  for (const line of lines.slice(Math.max(0, first - 2))) {
    if (/^Appendix /.test(line)) break;
    const m = /^(\d{3}(?:\.\d+[a-z]?)?(?:\.[a-z])?(?:\.\d+)?)\.\s+(.*)$/.exec(line);
    if (m) cur = add(doc, m[1]!, m[2]!);
    else appendTo(cur, line);
  }
  return doc;
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];

/**
 * Grand Archive Comprehensive Rules: section headings "2.2.g.i Retaliation Step" / "X.B Game Terms", then
 * numbered items "2. …", lettered " - a. …" and roman " - i. …" under them: "2.2.g.i" + "2" + "b" = "2.2.g.i.2.b".
 * Letters and romans share the " - " marker: "i." after "h." is a letter, otherwise a roman.
 */
export function parseGrandArchiveRules(text: string): RulesDocument {
  const doc = new Map<string, RuleText>();
  let section: string | null = null;
  let num: string | null = null;
  let letter: string | null = null;
  let sub = 0;
  let cur: RuleText | null = null;
  for (const raw of text.split('\n')) {
    if (raw.includes('\t')) continue; // table of contents
    const line = raw.replace(/\s+$/, '');
    const head = /^((?:\d+|X)\.(?:\d+|[A-Z])(?:\.[a-z]+)?(?:\.[ivx]+)?|X\.)\s+(\S.*)$/.exec(line);
    if (head && !/^\d+\.\s/.test(line)) {
      section = head[1]!.replace(/\.$/, '');
      num = letter = null;
      cur = add(doc, section, head[2]!, true);
      continue;
    }
    // Numbered items sometimes lost their indentation or gained a list dash ("- 6. Element Bonus", " 3. Targets…").
    const n = /^\s*(?:-\s+)?(\d+)\.\s+(.*)$/.exec(line);
    if (n && section) {
      // A number under a letter ("c." then " 1.", "2.": X.B.24.c.1) unless it continues the section's numbering.
      const k = Number(n[1]);
      if (num !== null && letter !== null && k !== Number(num) + 1 && k === sub + 1) {
        sub = k;
        cur = add(doc, `${section}.${num}.${letter}.${k}`, n[2]!);
        continue;
      }
      num = n[1]!;
      letter = null;
      sub = 0;
      cur = add(doc, `${section}.${num}`, n[2]!);
      continue;
    }
    const l = /^\s*-\s+([a-z]+)\.\s+(.*)$/.exec(line);
    if (l && section && num) {
      const t = l[1]!;
      const nextLetter: string = letter ? String.fromCharCode(letter.charCodeAt(0) + 1) : 'a';
      if (t.length === 1 && (t === nextLetter || !ROMAN.includes(t) || !letter)) {
        letter = t;
        sub = 0;
        cur = add(doc, `${section}.${num}.${letter}`, l[2]!);
      } else if (ROMAN.includes(t) && letter) {
        cur = add(doc, `${section}.${num}.${letter}.${t}`, l[2]!);
      } else appendTo(cur, line);
      continue;
    }
    appendTo(cur, line);
  }
  return doc;
}

/**
 * The Spoils Comprehensive Rules Reference: ids lead their line ("201.1a A card's…", "- 302.11a If…"); lines
 * under "#" marks are section titles. Some list items lost their number in the document ("- Randomly determine…"
 * between 601.1b and 601.1d, every item of 610): they are numbered by their place, a top-level item of section
 * N as N.k and an item under it as N.k + letter, each explicit id setting the count again.
 */
export function parseSpoilsRules(text: string): RulesDocument {
  const doc = new Map<string, RuleText>();
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^#+ Section 1\b/.test(l));
  let cur: RuleText | null = null;
  let section: string | null = null;
  let top = 0;
  let letter: string | null = null;
  const next = (l: string | null) => (l ? String.fromCharCode(l.charCodeAt(0) + 1) : 'a');
  const body = lines.slice(Math.max(0, start));
  const ID = /^(#*)[\s*-]*(\d{3}(?:\.\d+[a-z]?)?)\*{0,2}\s+(.*)$/;
  // The next explicit id after each line: an unnumbered item before "601.1d" continues 601.1's letters.
  const after: (string | null)[] = [];
  for (let i = body.length - 1, nextId: string | null = null; i >= 0; i--) {
    after[i] = nextId;
    const m = ID.exec(body[i]!);
    if (m) nextId = m[2]!;
  }
  // Sections whose items carry no number at all ("305 Discard", "314 Terminate"): their items are the section's own
  // text, so the section is the rule that decides (the document prints nothing more specific to cite).
  const numbered = new Set(
    body.flatMap((l) => (ID.exec(l)?.[2]?.split('.')[1] !== undefined ? [ID.exec(l)![2]!.slice(0, 3)] : [])),
  );
  for (const [i, line] of body.entries()) {
    const m = ID.exec(line);
    if (m) {
      const id = m[2]!;
      cur = add(doc, id, m[3]!, m[1]!.length > 0);
      const parts = /^(\d{3})(?:\.(\d+)([a-z])?)?$/.exec(id)!;
      section = parts[1]!;
      top = parts[2] ? Number(parts[2]) : 0;
      letter = parts[3] ?? null;
      continue;
    }
    const bullet = /^(\s*)-\s+(\S.*)$/.exec(line);
    if (bullet && section && !numbered.has(section)) {
      const own = doc.get(section)!;
      own.text = `${own.text}\n${bullet[2]!.trim()}`;
      own.heading = false;
    }
    if (bullet && section) {
      let id: string;
      const continues =
        letter !== null &&
        after[i] !== null &&
        new RegExp(`^${section}\\.${top}[${next(letter)}-z]$`).test(after[i]!);
      if (bullet[1]!.length === 0 && !continues) {
        top += 1;
        letter = null;
        id = `${section}.${top}`;
      } else {
        letter = next(letter);
        id = `${section}.${Math.max(top, 1)}${letter}`;
      }
      if (!doc.has(id)) {
        cur = add(doc, id, bullet[2]!, false);
        continue;
      }
    }
    appendTo(cur, line);
  }
  return doc;
}

/**
 * Elemental Clash draft: "Section 4.0 - Turns" is "4.0"; its phases "1. Standby-Phase" with their bullets are
 * "4.0.S1", "4.0.D2"… (the phase's initial and the bullet's place); the keywords of Section 7.0 are
 * "7.0.<first word>" ("7.0.Future" for Future Sight).
 */
export function parseElementalClashRules(text: string): RulesDocument {
  const doc = new Map<string, RuleText>();
  let section: string | null = null;
  let phase: string | null = null;
  let bullet = 0;
  let cur: RuleText | null = null;
  for (const line of text.split('\n')) {
    const s = /^\s*•\s*Section (\d+\.\d+) - (.*)$/.exec(line);
    if (s) {
      section = s[1]!;
      phase = null;
      cur = add(doc, section, s[2]!, true);
      continue;
    }
    const p = /^(\d+)\.\s+([A-Za-z]+)-Phase/.exec(line);
    if (p && section === '4.0') {
      phase = p[2]![0]!.toUpperCase();
      bullet = 0;
      cur = null;
      continue;
    }
    const b = /^\s*•\s+(.*)$/.exec(line);
    if (b && section === '4.0' && phase) {
      cur = add(doc, `4.0.${phase}${++bullet}`, b[1]!, false);
      continue;
    }
    if (b && section === '7.0') {
      // A keyword's name is every word before its parameters or its dash ("Ranged Attack [X] - …", "Familiar Spirit - …").
      cur = add(doc, `7.0.${/^[A-Za-z]+(?: [A-Z][a-z]+)*/.exec(b[1]!)?.[0] ?? b[1]!}`, b[1]!, false);
      continue;
    }
    if (section && !phase && line.trim() !== '') {
      // A section's own prose makes it a rule, not a heading.
      const r = doc.get(section)!;
      r.text = `${r.text}\n${line.trim()}`;
      r.heading = false;
      continue;
    }
    appendTo(cur, line);
  }
  return doc;
}

/** A project decisions table ("| D13 | §4.0.M3 | text | why |"), as rules "D13". */
export function parseDecisionsTable(text: string): RulesDocument {
  const doc = new Map<string, RuleText>();
  for (const line of text.split('\n')) {
    const m = /^\|\s*(D\d+)\s*\|(.*)\|\s*$/.exec(line);
    if (m) add(doc, m[1]!, m[2]!.replace(/\|/g, ' '), false);
  }
  return doc;
}
