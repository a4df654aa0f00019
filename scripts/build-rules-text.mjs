// Builds the rule-text tables the judges' review page and case export show next to each event's `rule`
// (packages/games/<game>/rules-text.json; the server finds it through the game's package): rule number → text,
// parsed from the games' rules documents.
// Run it when a rules document changes: `node scripts/build-rules-text.mjs [SEEDS_DIR]` (default: the shared seeds
// directory next to the worktrees). The output is committed, so builds and tests need neither the documents nor
// a network.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seeds = resolve(process.argv[2] ?? join(root, '../shared/seeds'));
const out = (game) => join(root, 'packages/games', game, 'rules-text.json');

const clean = (s) =>
  s
    .replace(/<\/?u>/g, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** "104.3a. Text", "- 203.1 Text", "  - 202.9a Text", "409.2b.1 Text": numbered rules on their own lines. */
function numbered(text, source) {
  const rules = {};
  let last = null;
  for (const line of text.split('\n')) {
    const m = /^\s*(?:[-*]\s+)?(?:#+\s*)?\**(\d{3}(?:\.\d+)?(?:[a-z](?:\.\d+)?)?)\.?\**\s+(\S.*)$/.exec(line);
    if (m && !/\t\d+\s*$/.test(line)) {
      last = m[1];
      rules[last] = { text: clean(m[2]), source };
    } else if (last && line.trim() && !/^\s*[-*]?\s*\d/.test(line) && rules[last].text.length < 1200) {
      rules[last].text += ' ' + clean(line);
    } else if (!line.trim()) last = null;
  }
  return rules;
}

const ROMAN = new Set(['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii']);

/** Grand Archive: "1.3 Starting the Game" headings, then "1." / "a." / "i." items nested under them. */
function grandArchive(text, source) {
  const rules = {};
  let head = null;
  let path = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const h = /^(\d+\.\d+(?:\.[a-z])?|[A-Z]\.[A-Z]?\d*)\s+(\S.*)$/.exec(line);
    if (h && !/\t\d+$/.test(raw)) {
      head = h[1];
      path = [];
      rules[head] = { text: clean(h[2]), source };
      continue;
    }
    const it = /^\s*(?:-\s+)?([0-9]+|[a-z]{1,4})\.\s+(\S.*)$/.exec(line);
    if (!head || !it) continue;
    const tok = it[1];
    let depth;
    if (/^\d+$/.test(tok))
      depth =
        path.length >= 2 && (tok === '1' || (path.length >= 3 && Number(path[2]) + 1 === Number(tok)))
          ? 2
          : 0;
    else if (
      ROMAN.has(tok) &&
      path.length >= 2 &&
      !(tok === 'i' && path[1] === 'h') &&
      !(tok === 'v' && path[1] === 'u') &&
      !(tok === 'x' && path[1] === 'w')
    )
      depth = path.length >= 4 ? 4 : path.length >= 3 ? 3 : 2;
    else depth = path.length >= 3 && /^\d+$/.test(path[2] ?? '') ? 3 : 1;
    path = [...path.slice(0, depth), tok];
    rules[`${head}.${path.join('.')}`] = { text: clean(it[2]), source };
  }
  return rules;
}

/** Elemental Clash: "• Section 4.0 - Turns" sections with their paragraphs. */
function elemental(text, source) {
  const rules = {};
  let cur = null;
  for (const line of text.split('\n')) {
    const s = /^\s*•\s*Section\s+(\d+\.\d+)\s*-\s*(.*)$/.exec(line);
    if (s) {
      cur = s[1];
      rules[cur] = { text: clean(s[2]), source };
    } else if (cur && line.trim() && rules[cur].text.length < 1500)
      rules[cur].text += ' ' + clean(line.replace(/^\s*•\s*/, ''));
  }
  return rules;
}

/** Elemental Clash's gaps filled by the project: decisions.md "D7" entries. */
function decisions(text, source) {
  const rules = {};
  // Table rows: | D7 | §5.0 The Stack | decision | why |
  for (const m of text.matchAll(/^\|\s*(D\d+)\s*\|([^|]*)\|([^|]*)\|/gm))
    rules[m[1]] = { text: clean(`${m[3]} (${m[2].trim()})`), source };
  return rules;
}

const GAMES = {
  'alpha-clash': [['000_aa8226fd650d9209.txt', numbered, 'Comprehensive Rulebook v2.2']],
  'the-spoils': [['002_0920f1a64fb13bf3.txt', numbered, 'Comprehensive Rules Reference 2013']],
  'grand-archive': [['003_ed08ffb10b58b39e.txt', grandArchive, 'Comprehensive Rules 4/3/23']],
  'elemental-clash': [
    ['004_e12fc6d8e4fda777.txt', elemental, 'draft rules'],
    [
      join(root, 'packages/games/elemental-clash/decisions.md'),
      decisions,
      'Matchtape decisions.md (gaps in the draft)',
    ],
  ],
};

for (const [game, docs] of Object.entries(GAMES)) {
  const rules = {};
  for (const [file, parse, source] of docs) {
    const path = file.startsWith('/') ? file : join(seeds, file);
    if (!existsSync(path))
      throw new Error(`${path} not found: pass the rules documents' directory as the first argument`);
    Object.assign(rules, parse(readFileSync(path, 'utf8'), source));
  }
  writeFileSync(out(game), JSON.stringify({ game, rules }, null, 0) + '\n');
  console.log(`${game}: ${Object.keys(rules).length} rules`);
}
