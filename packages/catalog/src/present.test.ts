import { describe, expect, it } from 'vitest';
import { humanLine, humanPhase, humanText, seatNames } from './present';

describe('human wording', () => {
  it('writes machine identifiers as words, one style for every spelling', () => {
    expect(humanPhase('wake-up')).toBe('Wake Up');
    expect(humanPhase('gameOver')).toBe('Game Over');
    expect(humanPhase('game-over')).toBe('Game Over');
    expect(humanPhase('StartOfTurn')).toBe('Start of Turn');
    expect(humanPhase('attackerBuff')).toBe('Attacker Buff');
    expect(humanPhase('end-of-combat')).toBe('End of Combat');
    expect(humanPhase(null)).toBe('');
  });

  it('names players and cards, and never shows an instance id the viewer cannot name', () => {
    const seats = seatNames([
      { id: 'p1', name: 'Ada' },
      { id: 'p2', name: 'p2' },
    ]);
    const cards = new Map([['p2-m1', 'Lorraine, Wandering Warrior']]);
    expect(humanText('p1 attacks p2-m1 with p1-c7', cards, seats)).toBe(
      'Ada attacks Lorraine, Wandering Warrior with a card',
    );
    expect(humanText('p2 must pay the reserve cost', cards, seats)).toBe(
      'Player 2 must pay the reserve cost',
    );
    expect(humanText('s8 resolved', new Map([['s8', 'Fireball']]), seats)).toBe('Fireball resolved');
    expect(humanText('s8 resolved', new Map(), seats)).toBe('a card resolved');
    expect(humanLine('p1 attacks p2-m1', cards, seats)).toEqual([
      'Ada attacks ',
      { id: 'p2-m1', name: 'Lorraine, Wandering Warrior' },
    ]);
  });
});
