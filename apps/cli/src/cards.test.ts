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

const write = (name: string, set: unknown) =>
  writeFileSync(join(dir, name), `${JSON.stringify(set, null, 2)}\n`);

describe('cards load', () => {
  spoilsSetTests();
  otherGamesSetTests();
});

/** The Spoils: a set in the effect vocabulary is accepted; a bad one is refused line by line. */
function spoilsSetTests(): void {
  it('accepts a Spoils set whose cards use the effect vocabulary', async () => {
    write('spoils.json', {
      format: 'matchtape-cards',
      game: 'the-spoils',
      name: 'League night',
      cards: [
        {
          id: 'org-ransack',
          name: 'Org Ransack',
          type: 'tactic',
          cost: 0,
          effect: [{ do: 'discard-hand', who: 'opponent' }],
        },
        {
          id: 'org-bolt',
          name: 'Org Bolt',
          type: 'tactic',
          cost: 1,
          effect: [{ do: 'damage', n: 2, to: 'opponent-faction' }],
        },
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
    expect(lines).toMatch(
      /^✗ bad\.json:\d+: cards\[3\] \(org-ok\)\.keywords: "Flying" is not a the-spoils keyword/m,
    );
    expect(r.out[r.out.length - 1]).toMatch(/^bad\.json: refused \(\d+ problems\)$/);
  });
}

/** Alpha Clash and Grand Archive against their vocabularies; JSON syntax errors and a missing format. */
function otherGamesSetTests(): void {
  it('checks Alpha Clash and Grand Archive cards against their effect vocabularies (cards/effects.ts of each game)', async () => {
    write('ac.json', {
      format: 'matchtape-cards',
      game: 'alpha-clash',
      name: 'Clash night',
      cards: [
        {
          id: 'org-quake',
          name: 'Org Quake',
          type: 'Basic Action',
          cost: 1,
          gems: { R: 1 },
          play: { target: 'none', effects: [{ do: 'damageEachContender', amount: 2 }] },
        },
        {
          id: 'org-recall',
          name: 'Org Recall',
          type: 'Quick Action',
          tag: 'Counter–Attack',
          cost: 1,
          play: { target: 'anyClash', effects: [{ do: 'returnPermanentToHand' }] },
        },
        {
          id: 'org-seer',
          name: 'Org Seer',
          type: 'Contender',
          stats: { atk: 1, def: 1, health: 30 },
          activated: {
            engage: false,
            health: 0,
            cost: 0,
            gems: {},
            oncePerTurn: true,
            threshold: 20,
            target: 'none',
            effects: [{ do: 'draw', amount: 1 }],
          },
        },
      ],
    });
    const ok = await cli(['cards', 'load', 'ac.json'], dir, { games });
    expect(ok.out).toEqual([
      '✓ ac.json: 3 cards for alpha-clash ("Clash night"): org-quake, org-recall, org-seer',
    ]);
    write('ac-bad.json', {
      format: 'matchtape-cards',
      game: 'alpha-clash',
      name: 'Clash typo',
      cards: [
        {
          id: 'org-typo',
          name: 'Org Typo',
          type: 'Basic Action',
          cost: 0,
          play: { target: 'everyone', effects: [{ do: 'damage', amount: 2 }] },
        },
      ],
    });
    const bad = await cli(['cards', 'load', 'ac-bad.json'], dir, { games });
    expect(bad.code).toBe(1);
    expect(bad.out[0]).toMatch(
      /^✗ ac-bad\.json:\d+: cards\[0\] \(org-typo\): cards\.org-typo\.play\.target: .*alpha-clash\/src\/cards\/effects\.ts/,
    );
    write('ga-bad.json', {
      format: 'matchtape-cards',
      game: 'grand-archive',
      name: 'Archive typo',
      cards: [
        {
          id: 'org-herald',
          name: 'Org Herald',
          type: 'ally',
          cost: 1,
          stats: { power: 1, life: 1 },
          abilities: [
            { kind: 'trigger', on: 'enter', effects: [{ do: 'draw', n: 1 }], text: 'On Enter: Draw a card.' },
          ],
        },
        {
          id: 'org-storm',
          name: 'Org Storm',
          type: 'action',
          cost: 2,
          abilities: [
            {
              kind: 'resolve',
              effects: [{ do: 'damage', n: 2, to: 'everyone' }],
              text: 'Deal 2 damage to everyone.',
            },
          ],
        },
      ],
    });
    const ga = await cli(['cards', 'load', 'ga-bad.json'], dir, { games });
    expect(ga.code).toBe(1);
    expect(ga.out).toHaveLength(2);
    expect(ga.out[0]).toMatch(
      /^✗ ga-bad\.json:\d+: cards\[1\] \(org-storm\): abilities\.0\.effects\.0\.to: /,
    );
  });

  it('names the line of a JSON syntax error and refuses a set without its format', async () => {
    writeFileSync(
      join(dir, 'syntax.json'),
      '{\n  "format": "matchtape-cards",\n  "game": "the-spoils",,\n}\n',
    );
    const s = await cli(['cards', 'load', 'syntax.json'], dir, { games });
    expect(s.code).toBe(1);
    expect(s.out[0]).toMatch(/^✗ syntax\.json:3: not JSON/);
    write('noformat.json', {
      game: 'elemental-clash',
      name: 'x',
      cards: [{ id: 'org-x', name: 'X', type: 'Creature' }],
    });
    const f = await cli(['cards', 'load', 'noformat.json'], dir, { games });
    expect(f.out[0]).toBe('✗ noformat.json:1: format: write "matchtape-cards"');
  });
}
