// The rule text tables live in the game packages (packages/games/<game>/rules-text.json); the server finds each
// through the game's package.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '@matchtape/games';
import { ruleText } from './disputes-rules';

/** The game package's table, read from its folder. */
function table(game: string): Record<string, { text: string }> {
  const url = new URL(`../../../../packages/games/${game}/rules-text.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { rules: Record<string, { text: string }> }).rules;
}

describe('ruleText', () => {
  it.each(Object.keys(games))("%s: every rule of the game package's table", (game) => {
    const rules = Object.entries(table(game));
    expect(rules.length).toBeGreaterThan(10);
    for (const [rule, { text }] of rules) expect(ruleText(game, rule)).toMatchObject({ found: rule, text });
  });

  it('shows the nearest enclosing rule the document numbers', () => {
    expect(ruleText('alpha-clash', '706.1a.9')).toMatchObject({ rule: '706.1a.9', found: '706.1a' });
  });

  it('knows no text for an unknown game or a name that is not a game id', () => {
    expect(ruleText('no-such-game', '1.1')).toEqual({ rule: '1.1', found: null, text: null, source: null });
    expect(ruleText('../engine', '1.1').found).toBeNull();
  });
});
