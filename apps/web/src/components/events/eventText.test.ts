// The event page's words: players by name (a bye, an unknown id), results by how they were decided, game
// outcomes, tiebreaker percentages, a player's pairing, and the invite token read from the address's fragment.
import type { EventView, MyEvent } from '@matchtape/server/events-contract';
import { describe, expect, it } from 'vitest';
import { outcomeText, pct, playerNamer, resultText, waitingText } from './eventText';
import { inviteToken } from './usePlayer';

const players: EventView['players'] = [
  { id: 'p-a', name: 'Ana', dropped: false, bot: false },
  { id: 'p-b', name: 'Bo', dropped: false, bot: false },
];
const name = playerNamer(players);

describe('event page words', () => {
  it('names a player, a bye, and an id it does not know', () => {
    expect(name('p-b')).toBe('Bo');
    expect(name(null)).toBe('BYE');
    expect(name('p-z')).toBe('p-z');
  });

  it('reads a result: wins-losses-draws, the winner or a draw, and how unless by games', () => {
    expect(resultText(null, name)).toBe('playing');
    expect(resultText({ p1Wins: 2, p2Wins: 1, draws: 0, winner: 'p-a', by: 'games' }, name)).toBe(
      '2-1-0 Ana',
    );
    expect(resultText({ p1Wins: 1, p2Wins: 1, draws: 1, winner: null, by: 'games' }, name)).toBe(
      '1-1-1 draw',
    );
    expect(resultText({ p1Wins: 0, p2Wins: 2, draws: 0, winner: 'p-b', by: 'ruling' }, name)).toBe(
      '0-2-0 Bo (ruling)',
    );
  });

  it("reads a game's outcome after its number", () => {
    expect(outcomeText('p-a', name)).toBe(' (Ana)');
    expect(outcomeText('draw', name)).toBe(' (draw)');
    expect(outcomeText(null, name)).toBe(' (live)');
  });

  it('shows tiebreakers as percentages with two decimals', () => {
    expect(pct(1 / 3)).toBe('33.33%');
    expect(pct(1)).toBe('100.00%');
  });

  it("says where a player's pairing stands", () => {
    const me = { pairing: null } as MyEvent;
    const pairing = { table: 1, p1: 'p-a', p2: 'p-b', games: [], result: null };
    expect(waitingText(me)).toBe('Not paired yet.');
    expect(waitingText({ ...me, pairing })).toBe('Waiting for your next game.');
    const result = { p1Wins: 2, p2Wins: 0, draws: 0, winner: 'p-a', by: 'games' };
    expect(waitingText({ ...me, pairing: { ...pairing, result } })).toBe('Your pairing has its result.');
  });

  it("reads the player's invite from the fragment, decoded, and nothing else", () => {
    expect(inviteToken('#player=mt1.a%2Bb')).toBe('mt1.a+b');
    expect(inviteToken('#x=1&player=tok&y=2')).toBe('tok');
    expect(inviteToken('#notplayer=tok')).toBeNull();
    expect(inviteToken('')).toBeNull();
  });
});
