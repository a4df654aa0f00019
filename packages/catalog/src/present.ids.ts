// Internal ids as they could leak into what people read: seat ids ("p2"), card instance ids ("p2-c42", "s7",
// "o12"), zone paths ("players.p1.materialDeck"), event type and command names ("ReserveSelected",
// "putUnder") and the game's own phase and step ids ("window-a", a bare "main"). The wording tests of the site
// and the case files fail on any of them.
const PATTERNS: readonly RegExp[] = [
  /\bplayers\.[\w.]+/g,
  /\bp\d+(?:-[\w-]+)?\b/g,
  /\b[so]\d+\b/g,
  /\b[a-z]+[A-Z][A-Za-z]*\b/g,
  /\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/g,
  /\b(?:null|undefined|NaN)\b/g,
];

export function internalIds(text: string, stepIds: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  let rest = text;
  for (const re of PATTERNS)
    rest = rest.replace(re, (m) => {
      found.push(m);
      return ' ';
    });
  // A step id counts when it is shown as the id, in its lower-case spelling (the rule-book names are Title
  // Case): a hyphenated one anywhere ("window-a"), a one-word one where a position is written ("2 · main",
  // "Battle – attackers"), not in a sentence ("forced to draw", "(mulligan)").
  for (const id of stepIds) {
    const word = id.replace(/[-]/g, '\\-');
    const at = id.includes('-') ? `(?<![\\w-])${word}(?![\\w-])` : `(?:^|[·–]\\s*)${word}\\s*(?:$|·)`;
    if (new RegExp(at).test(rest.trim())) found.push(id);
  }
  return found;
}
