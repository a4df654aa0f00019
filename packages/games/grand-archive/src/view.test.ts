// Hidden information (ARCHITECTURE.md §3): what each viewer sees, opaque ids renewed on entering hidden zones,
// random outcomes redacted, and the board model.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@matchtape/engine';
import { grandArchive } from './index';
import { Table } from './test-helpers';
import type { Slot } from './types';

const ids = (zone: readonly Slot[]) => zone.map((c) => c.id);

describe('grand-archive views', () => {
  it('hands, memory and material decks are private; main decks are hidden from everyone but judges', () => {
    const t = Table.atP2Main();
    const s = t.state;
    const p1 = grandArchive.view(s, 'p1');
    const p2 = grandArchive.view(s, 'p2');
    const pub = grandArchive.view(s, 'public');
    expect(p1.players.p1!.hand.every((c) => 'cardId' in c)).toBe(true);
    expect(p2.players.p1!.hand.every((c) => 'hidden' in c)).toBe(true);
    expect(pub.players.p1!.materialDeck.every((c) => 'hidden' in c)).toBe(true);
    expect(p1.players.p1!.materialDeck.every((c) => 'cardId' in c)).toBe(true);
    expect(p1.players.p1!.mainDeck.every((c) => 'hidden' in c)).toBe(true);
    expect(grandArchive.view(s, 'judge').players.p1!.mainDeck.every((c) => 'cardId' in c)).toBe(true);
    // Counts stay public (2.1.a.7).
    expect(p2.players.p1!.hand.length).toBe(s.players.p1!.hand.length);
    for (const v of ['p2', 'public'] as const) {
      const shown = canonicalJson(grandArchive.view(s, v));
      for (const secret of grandArchive.secrets(s, v)) expect(shown).not.toContain(`"${secret}"`);
    }
    expect(grandArchive.secrets(s, 'p2')).toContain(s.players.p1!.hand[0]!.id);
  });

  it('opaque ids are renewed when a card enters a hidden zone (reserve: hand → memory)', () => {
    const t = Table.atP2Main();
    const before = ids(grandArchive.view(t.state, 'p1').players.p2!.hand);
    const mend = t.state.players.p2!.hand.find((c) => 'cardId' in c && c.cardId === 'mend')!.id;
    t.do('p2', 'ActivateCard', { card: mend });
    const pay = t.state.players.p2!.hand.filter((c) => c.id !== mend).slice(0, 2);
    for (const c of pay) t.do('p2', 'SelectReserve', { card: c.id });
    const memory = ids(grandArchive.view(t.state, 'p1').players.p2!.memory);
    expect(memory).toHaveLength(2);
    for (const id of memory) expect(before).not.toContain(id);
    for (const c of pay) expect(memory).not.toContain(c.id);
  });

  it('viewEvent hides random draws and redacted card identities from non-judges', () => {
    const t = new Table('ev');
    const setOut = t.events.find((e) => e.type === 'DeckSetOut')!;
    expect(grandArchive.viewEvent(setOut, 'p2').payload).toMatchObject({
      main: null,
      material: null,
      hand: null,
    });
    expect(grandArchive.viewEvent(setOut, 'p1').payload).toMatchObject({ main: null });
    expect((grandArchive.viewEvent(setOut, 'p1').payload.material as unknown[]).length).toBeGreaterThan(0);
    expect((grandArchive.viewEvent(setOut, 'public').payload.random as { draws: unknown }).draws).toBeNull();
    expect(
      (grandArchive.viewEvent(setOut, 'judge').payload.random as { draws: unknown }).draws,
    ).not.toBeNull();
    t.passUntil((s) => s.phase === 'main');
    const draw = t.events.find((e) => e.type === 'CardsMoved' && e.payload.reason === 'draw')!;
    const seen = grandArchive.viewEvent(draw, 'p2').payload.moves as { id: unknown; cardId: unknown }[];
    expect(seen[0]).toMatchObject({ id: null, cardId: null });
    expect((grandArchive.viewEvent(draw, 'p1').payload.moves as { cardId: unknown }[])[0]!.cardId).toBeTypeOf(
      'string',
    );
  });

  it('board() shows memory, material deck, lineage and the champion level', () => {
    const t = Table.atP2Main();
    const b = grandArchive.board(grandArchive.view(t.state, 'p2'));
    const me = b.players.find((p) => p.id === 'p2')!;
    expect(me.zones.map((z) => z.key)).toEqual(
      expect.arrayContaining([
        'field',
        'hand',
        'memory',
        'materialDeck',
        'mainDeck',
        'graveyard',
        'banishment',
        'lineage',
      ]),
    );
    expect(me.stats.find((s) => s.key === 'level')!.value).toBe(0);
    expect(me.hero?.cardId).toBe('spirit-of-water');
    const opp = b.players.find((p) => p.id === 'p1')!;
    expect(opp.zones.find((z) => z.key === 'hand')!.cards.every((c) => c.hidden === true)).toBe(true);
    expect(b.acting).toEqual(['p2']);
  });

  it('describe() and keyMoment() read every event of a match', () => {
    const t = Table.atP2Main();
    for (const e of t.events) expect(grandArchive.describe(e).length).toBeGreaterThan(0);
    expect(t.events.some((e) => grandArchive.keyMoment(e)?.kind === 'champion')).toBe(true);
  });

  it('schemas parse every event of a match and the listed commands', () => {
    const t = Table.atP2Main();
    for (const e of t.events)
      expect(grandArchive.eventSchema.safeParse({ type: e.type, payload: e.payload }).success, e.type).toBe(
        true,
      );
    for (const c of grandArchive.legalCommands(t.state, 'p2'))
      expect(grandArchive.commandSchema.safeParse(c).success).toBe(true);
  });
});
