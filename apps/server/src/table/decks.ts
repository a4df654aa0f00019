// Decks as players write them: "3 Card Name" lines (a card's id works too), blank lines and "#" comments
// ignored, a heading line "Name:" switching to one of the game's extra sections (Contender, Material, Faction…)
// and "Main:" back. Each line gets an answer; the game's validateDeck answers for the deck as a whole, pinned to
// the line of the card it names when it names one.
import type { AnyGameModule, DeckList } from '@matchtape/engine';
import type { DeckLine } from './contract';

export type DeckParse = { ok: true; deck: DeckList } | { ok: false; lines: DeckLine[] };

/** The extra sections a game's decks use (from its presets): "contender", "material", "faction"… */
function extraSections(game: AnyGameModule): string[] {
  return [...new Set(Object.values(game.presetDecks).flatMap((d) => Object.keys(d.extra ?? {})))];
}

const norm = (s: string): string => s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

export function parseDeckText(game: AnyGameModule, text: string): DeckParse {
  const byName = new Map<string, string>();
  for (const c of game.cards) {
    byName.set(norm(c.name), c.id);
    byName.set(norm(c.id), c.id);
  }
  const sections = extraSections(game);
  const deck: DeckList = { name: 'submitted', main: [], extra: {} };
  let section: string | null = null;
  const lines: DeckLine[] = [];
  const cardLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    if (t === '' || t.startsWith('#') || t.startsWith('//'))
      return void lines.push({ line, text: raw, ok: true });
    const heading = /^([A-Za-z][A-Za-z ]*):$/.exec(t);
    if (heading) {
      const name = norm(heading[1]!).replace(/ ?deck$/, '');
      if (name === 'main' || name === '') section = null;
      else if (sections.includes(name)) section = name;
      else
        return void lines.push({
          line,
          text: raw,
          ok: false,
          message: `unknown section "${heading[1]}"; ${game.title} decks have Main${sections.map((s) => `, ${s[0]!.toUpperCase()}${s.slice(1)}`).join('')}`,
        });
      return void lines.push({ line, text: raw, ok: true });
    }
    const m = /^(\d{1,3})\s*x?\s+(.+)$/i.exec(t) ?? /^()(.+)$/.exec(t);
    const count = m![1] ? Number(m![1]) : 1;
    const name = m![2]!.trim();
    const id = byName.get(norm(name));
    if (!id)
      return void lines.push({
        line,
        text: raw,
        ok: false,
        message: `no card named "${name}" in ${game.title}; check the spelling`,
      });
    if (count < 1)
      return void lines.push({ line, text: raw, ok: false, message: 'the count must be at least 1' });
    const into = section === null ? deck.main : (deck.extra![section] ??= []);
    for (let k = 0; k < count; k++) into.push(id);
    if (!cardLine.has(id)) cardLine.set(id, line);
    lines.push({ line, text: raw, ok: true });
  });
  if (lines.some((l) => !l.ok)) return { ok: false, lines };
  if (Object.keys(deck.extra!).length === 0) delete deck.extra;
  const problems = game.validateDeck(deck);
  if (problems.length === 0) return { ok: true, deck };
  // Pin each problem to the line of the card it names (by id or by name), else to the deck as a whole.
  const whole: string[] = [];
  for (const p of problems) {
    const hit = [...cardLine.entries()].find(
      ([id]) =>
        p.includes(`"${id}"`) ||
        p.includes(` ${id} `) ||
        p.includes(game.cards.find((c) => c.id === id)?.name ?? '\u0000'),
    );
    const at = hit ? lines.find((l) => l.line === hit[1]) : undefined;
    if (at) Object.assign(at, { ok: false, message: at.message ? `${at.message}; ${p}` : p });
    else whole.push(p);
  }
  return {
    ok: false,
    lines: [...(whole.length ? [{ line: 0, text: '', ok: false, message: whole.join('; ') }] : []), ...lines],
  };
}

/** A deck by preset name or text. */
export function resolveDeck(game: AnyGameModule, input: { preset: string } | { text: string }): DeckParse {
  if ('preset' in input) {
    const preset = Object.hasOwn(game.presetDecks, input.preset) ? game.presetDecks[input.preset] : undefined;
    if (!preset)
      return {
        ok: false,
        lines: [
          {
            line: 0,
            text: input.preset,
            ok: false,
            message: `${game.title} has no preset deck "${input.preset}"; presets: ${Object.keys(game.presetDecks).join(', ')}`,
          },
        ],
      };
    return { ok: true, deck: preset };
  }
  return parseDeckText(game, input.text);
}

/** A deck field that is a preset's name when it is one, else deck text. */
export function deckInput(game: AnyGameModule, deck: string): { preset: string } | { text: string } {
  return Object.hasOwn(game.presetDecks, deck) ? { preset: deck } : { text: deck };
}

/** A preset as text in the format parseDeckText reads (the deck step's starting point). */
export function deckText(game: AnyGameModule, deck: DeckList): string {
  const name = (id: string): string => game.cards.find((c) => c.id === id)?.name ?? id;
  const block = (ids: readonly string[]): string[] => {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].map(([id, n]) => `${n} ${name(id)}`);
  };
  const extra = Object.entries(deck.extra ?? {}).flatMap(([k, ids]) => [
    `${k[0]!.toUpperCase()}${k.slice(1)}:`,
    ...block(ids),
    '',
  ]);
  return [...extra, ...(extra.length ? ['Main:'] : []), ...block(deck.main)].join('\n');
}
