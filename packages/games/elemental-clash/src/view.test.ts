// Hidden information (D1, D2): hands hidden from opponents and spectators, spellbooks from everyone, opaque ids
// renewed on entering hidden zones; the board shows stacks, ATK/DEF zones and the spellbook count as life.
import { describe, expect, it } from 'vitest';
import { playMatch } from '@matchtape/engine/testing';
import { elementalClash } from './index';
import { position, Table } from './test-helpers';
import type { ECState, SeenCard } from './types';

describe('views', () => {
  const m = playMatch<ECState>(elementalClash, { seed: 'view-1', bots: { p1: 'greedy', p2: 'greedy' } });
  const mid = m.states[Math.floor(m.states.length / 2)]!;

  it('a hand is seen by its owner only; a spellbook by nobody; counts stay public', () => {
    const p1 = elementalClash.view(mid, 'p1');
    const p2 = elementalClash.view(mid, 'p2');
    const pub = elementalClash.view(mid, 'public');
    expect(p1.players.p1!.hand.every((c) => 'cardId' in c)).toBe(true);
    // A card revealed from hand (Construct, Reinforce) stays known to everyone while it is there (D2).
    const seenBy = (c: SeenCard, v: 'p2' | 'public') =>
      'hidden' in c || (c.known ?? []).some((k) => k === 'public' || k === v);
    expect(p2.players.p1!.hand.every((c) => seenBy(c, 'p2'))).toBe(true);
    expect(pub.players.p2!.hand.every((c) => seenBy(c, 'public'))).toBe(true);
    expect(pub.players.p2!.hand.some((c) => 'hidden' in c) || pub.players.p2!.hand.length === 0).toBe(true);
    expect(p1.players.p1!.spellbook.filter((c) => 'cardId' in c && !c.known)).toEqual([]);
    expect(pub.players.p1!.spellbook).toHaveLength(mid.players.p1!.spellbook.length);
    for (const v of ['p1', 'p2', 'public'] as const) {
      const shown = JSON.stringify(elementalClash.view(mid, v));
      for (const secret of elementalClash.secrets(mid, v)) expect(shown).not.toContain(`"${secret}"`);
    }
  });

  it('a drawn card gets a new opaque id: the opponent cannot follow it from the spellbook', () => {
    const t = new Table(position('standby', {}));
    const before = elementalClash.view(t.state, 'p2').players.p1!.spellbook[0]!.id;
    t.do('p1', 'EndStandby');
    const hand = elementalClash.view(t.state, 'p2').players.p1!.hand;
    expect(hand.map((h) => h.id)).not.toContain(before);
  });

  it('the board shows element-stone stacks, ATK and DEF zones and the spellbook count as life', () => {
    const t = new Table(
      position('main', {
        stack1: ['mars-stone', 'venus-stone', { card: 'krampus', id: 'kr' }],
        atk: [{ card: 'fandi-of-the-flaming-eye', id: 'fd' }],
        def: [{ card: 'bonewarrior', id: 'bw' }],
      }),
    );
    const b = elementalClash.board(elementalClash.view(t.state, 'public'));
    const p1 = b.players.find((p) => p.id === 'p1')!;
    expect(p1.stats.find((x) => x.key === 'spellbook')).toMatchObject({
      label: 'Spellbook (life)',
      value: 20,
      max: 40,
    });
    const stacks = p1.zones.find((z) => z.key === 'stacks')!;
    expect(stacks.cards[0]).toMatchObject({
      id: 'kr',
      attachments: [{ cardId: 'mars-stone' }, { cardId: 'venus-stone' }],
    });
    expect(p1.zones.find((z) => z.key === 'atk')!.cards.map((c) => c.id)).toEqual(['fd']);
    expect(p1.zones.find((z) => z.key === 'def')!.cards.map((c) => c.id)).toEqual(['bw']);
    expect(b.game).toBe('elemental-clash');
  });

  it('every event has a plain description', () => {
    for (const e of m.events) expect(elementalClash.describe(e)).not.toBe(e.type);
  });
});
