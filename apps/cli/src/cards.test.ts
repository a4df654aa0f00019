// `matchtape cards load`: an organiser's card set is checked against its game (shape, ids, types, keywords and the
// game's effect vocabulary), and a bad set is refused with one line per problem naming its line in the file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { games } from '@matchtape/games';
import { cli, tempDir } from './testing';

const tmp = tempDir();
const dir = tmp.dir;
afterAll(() => tmp.cleanup());

const write = (name: string, set: unknown) => writeFileSync(join(dir, name), `${JSON.stringify(set, null, 2)}\n`);

describe('cards load', () => {
  it('accepts a Spoils set whose cards use the effect vocabulary', async () => {
    write('spoils.json', {
      format: 'matchtape-cards',
      game: 'the-spoils',
      name: 'League night',
      cards: [
        { id: 'org-ransack', name: 'Org Ransack', type: 'tactic', cost: 0, effect: [{ do: 'discard-hand', who: 'opponent' }] },
        { id: 'org-bolt', name: 'Org Bolt', type: 'tactic', cost: 1, effect: [{ do: 'damage', n: 2, to: 'opponent-faction' }] },
      ],
    });
    const r = await cli(['cards', 'load', 'spoils.json'], dir, { games });
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['✓ spoils.json: 2 cards for the-spoils ("League night"): org-ransack, org-bolt']);
  });

  it('refuses a bad set line by line: an effect outside the vocabulary, a pool id, a repeated id, an unknown keyword', async () => {
    write('bad.json', {
      format: 'matchtape-cards',
      game: 'the-spoils',
      name: 'Broken',
      cards: [
        { id: 'org-ok', name: 'Org Ok', type: 'tactic', cost: 0, effect: [{ do: 'draw', n: 1 }] },
        { id: 'org-bad', name: 'Org Bad', type: 'tactic', cost: 0, effect: [{ do: 'explode', n: 1 }] },
        { id: 'rage', name: 'Rage Again', type: 'tactic', cost: 0 },
        { id: 'org-ok', name: 'Org Ok Twice', type: 'tactic', cost: 0, keywords: ['Flying'] },
      ],
    });
    const r = await cli(['cards', 'load', 'bad.json'], dir, { games });
    expect(r.code).toBe(1);
    const lines = r.out.join('\n');
    // Each card's "id" line in the file (JSON.stringify with 2 spaces: cards[1]'s id is on line 19).
    expect(lines).toMatch(/^✗ bad\.json:19: cards\[1\] \(org-bad\): .*effect/m);
    expect(lines).toMatch(/^✗ bad\.json:\d+: cards\[2\] \(rage\): "rage" is a the-spoils pool card's id/m);
    expect(lines).toMatch(/^✗ bad\.json:\d+: cards\[3\] \(org-ok\): the id "org-ok" is used twice/m);
    expect(lines).toContain('bad.json:37: cards[3] (org-ok): the id');
    expect(lines).toMatch(/^✗ bad\.json:\d+: cards\[3\] \(org-ok\)\.keywords: "Flying" is not a the-spoils keyword/m);
    expect(r.out[r.out.length - 1]).toMatch(/^bad\.json: refused \(\d+ problems\)$/);
  });

  it('names the line of a JSON syntax error and refuses a set without its format', async () => {
    writeFileSync(join(dir, 'syntax.json'), '{\n  "format": "matchtape-cards",\n  "game": "the-spoils",,\n}\n');
    const s = await cli(['cards', 'load', 'syntax.json'], dir, { games });
    expect(s.code).toBe(1);
    expect(s.out[0]).toMatch(/^✗ syntax\.json:3: not JSON/);
    write('noformat.json', { game: 'elemental-clash', name: 'x', cards: [{ id: 'org-x', name: 'X', type: 'Creature' }] });
    const f = await cli(['cards', 'load', 'noformat.json'], dir, { games });
    expect(f.out[0]).toBe('✗ noformat.json:1: format: write "matchtape-cards"');
  });
});
