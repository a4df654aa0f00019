// Knowledge and diff over real scripted matches of the four games (packages/games/<game>/scenarios/…): each check is
// computed by hand from the scenario file (its stacked hands, its reveal / look / search) and compared with
// `knowledgeAt`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, runScenario, type AnyGameModule, type EventEnvelope } from '@matchtape/engine';
import { alphaClash } from '@matchtape/alpha-clash';
import { grandArchive } from '@matchtape/grand-archive';
import { theSpoils } from '@matchtape/the-spoils';
import { elementalClash } from '@matchtape/elemental-clash';
import { knowledgeAt, type PlayerKnowledge } from './knowledge';
import { diffBoards } from './diff';

const GAMES = join(__dirname, '../../games');

function play(game: AnyGameModule, file: string): EventEnvelope[] {
  const r = runScenario(
    game,
    JSON.parse(readFileSync(join(GAMES, game.id, 'scenarios', `${file}.json`), 'utf8')),
  );
  expect(r.failures).toEqual([]);
  return r.events;
}
const zone = (k: PlayerKnowledge, z: string) => k.zones.find((x) => x.zone === z);
const ids = (cs: { id: string }[] | undefined) => (cs ?? []).map((c) => c.id).sort();
const cardIds = (cs: { cardId: string }[] | undefined) => (cs ?? []).map((c) => c.cardId);
const of = (k: { players: PlayerKnowledge[] }, p: string) => k.players.find((x) => x.player === p)!;

describe('knowledge in real matches', () => {
  it("alpha-clash: p1 looks at the top two cards of its deck (703.8d); p2 knows neither, nor p1's hand", () => {
    const events = play(alphaClash, '93-look-top');
    const k = knowledgeAt(alphaClash, events, events.length);
    const p1 = of(k, 'p1');
    const p2 = of(k, 'p2');
    // Hand-computed: the stacked deck puts AC1-110 then AC1-117 on top; Webber's Binoculars shows p1 both.
    const deck = zone(p1, 'players.p1.deck')!;
    expect(cardIds(deck.visible)).toEqual(['AC1-110', 'AC1-117']);
    expect(deck.visible.map((c) => c.how)).toEqual(['looked at', 'looked at']);
    expect(zone(p2, 'players.p1.deck')!.visible).toEqual([]);
    // Every card of p1's hand is known to p1 as its own hand and to p2 not at all.
    const judge = fold<{ players: Record<string, { hand: { id: string }[] }> }>(alphaClash, events);
    const hand = judge.players.p1!.hand.map((c) => c.id).sort();
    expect(hand.length).toBeGreaterThan(0);
    expect(ids(zone(p1, 'players.p1.hand')!.visible)).toEqual(hand);
    expect(zone(p1, 'players.p1.hand')!.visible.every((c) => c.how === 'own hand')).toBe(true);
    expect(ids(zone(p2, 'players.p1.hand')!.unknown)).toEqual(hand);
    expect(p2.unknownOutsidePiles).toBeGreaterThanOrEqual(hand.length);
  });

  it('alpha-clash: before the look (seq of the activation) p1 did not know its top card', () => {
    const events = play(alphaClash, '93-look-top');
    const looked = events.find((e) => e.type === 'CardsLookedAt')!;
    const before = knowledgeAt(alphaClash, events, looked.seq - 1);
    expect(zone(of(before, 'p1'), 'players.p1.deck')!.visible).toEqual([]);
    const at = knowledgeAt(alphaClash, events, looked.seq);
    expect(cardIds(zone(of(at, 'p1'), 'players.p1.deck')!.visible)).toEqual(['AC1-110', 'AC1-117']);
  });

  it("elemental-clash: Construct reveals the searched card to p2, who knows it in p1's hand after the shuffle", () => {
    const events = play(elementalClash, 'construct-reveals');
    const k = knowledgeAt(elementalClash, events, events.length);
    const inHand = zone(of(k, 'p2'), 'players.p1.hand')!;
    expect(cardIds(inHand.visible)).toEqual(['legacy-of-legends']);
    // The other card of the scenario's hand (Farcino, "fa") went onto a stack; p1's spellbook was shuffled:
    // p2 knows none of the spellbook.
    expect(zone(of(k, 'p2'), 'players.p1.spellbook')!.visible).toEqual([]);
    expect(zone(of(k, 'p1'), 'players.p1.spellbook')!.visible).toEqual([]);
  });

  it('the-spoils: starting resources are public once flipped; hands stay private', () => {
    const events = play(theSpoils, 'starting-draw-after-reveal');
    const k = knowledgeAt(theSpoils, events, events.length);
    const judge = fold<{ players: Record<string, { hand: { id: string }[] }> }>(theSpoils, events);
    for (const [me, them] of [
      ['p1', 'p2'],
      ['p2', 'p1'],
    ] as const) {
      const hand = judge.players[me]!.hand.map((c) => c.id).sort();
      expect(hand.length).toBe(me === 'p2' ? 5 : 6); // 5 for the first player (p2 chose to go first), 6 for the second
      expect(ids(zone(of(k, me), `players.${me}.hand`)!.visible)).toEqual(hand);
      expect(ids(zone(of(k, them), `players.${me}.hand`)!.unknown)).toEqual(hand);
    }
    // Everything in play is known to both.
    const perms = zone(of(k, 'p1'), 'perms');
    if (perms) expect(perms.unknown).toEqual([]);
  });

  it('grand-archive: p2 learns the test ally once p1 activates it from hand (2.1.a.1.a)', () => {
    const events = play(grandArchive, 'test-card-revealed-on-activation');
    const activated = events.find((e) => e.cause && 'player' in e.cause && e.cause.player === 'p1')!;
    const before = knowledgeAt(grandArchive, events, activated.seq - 1);
    const after = knowledgeAt(grandArchive, events, events.length);
    const inHandBefore = zone(of(before, 'p2'), 'players.p1.hand')!;
    expect(ids(inHandBefore.unknown)).toContain('p1-scout');
    const onField = after.players
      .find((x) => x.player === 'p2')!
      .zones.flatMap((z) => z.visible)
      .find((c) => c.id === 'p1-scout');
    expect(onField?.cardId).toBe('test-scout');
    expect(onField?.how).toBe('public');
  });
});

describe('diff in real matches', () => {
  it('alpha-clash: the two cards looked at do not change the board; the activation engages the Binoculars', () => {
    const events = play(alphaClash, '93-look-top');
    const looked = events.find((e) => e.type === 'CardsLookedAt')!;
    const board = (seq: number) => alphaClash.board(fold(alphaClash, events.slice(0, seq)));
    const d = diffBoards(board(looked.seq - 1), board(looked.seq));
    expect(d.items.filter((i) => i.kind === 'moved' || i.kind === 'entered' || i.kind === 'left')).toEqual(
      [],
    );
    // From the start of the scripted play to the end: p1's health went from 35 to 34 (the scenario's expectState).
    const whole = diffBoards(board(1), board(events.length));
    expect(whole.items.some((i) => i.kind === 'position' && i.field === 'status')).toBe(true);
  });

  it('a board against itself has no differences', () => {
    for (const [game, file] of [
      [theSpoils, 'starting-draw-after-reveal'],
      [elementalClash, 'construct-reveals'],
      [grandArchive, 'test-card-revealed-on-activation'],
    ] as const) {
      const events = play(game, file);
      const b = game.board(fold(game, events));
      expect(diffBoards(b, b)).toEqual({ items: [], counts: {} });
    }
  });
});
