// The organiser's pure steps: when "Create event" may be pressed, when the next round may start and time be
// called, and a registration's request and answers (a refused decklist comes back line by line).
import type { EventView } from '@matchtape/server/events-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canCreate, DEFAULT_OPTIONS } from './newEvent';
import { DeckRefused, registerPlayer } from './registerPlayer';
import { roundState } from './roundState';

afterEach(() => vi.unstubAllGlobals());

const players = (dropped: boolean[]): EventView['players'] =>
  dropped.map((d, i) => ({ id: `p${i}`, name: `P${i}`, dropped: d, bot: false }));
const round = (results: boolean[], timeCalled = false): EventView['rounds'][number] => ({
  round: 1,
  stage: 'swiss',
  clock: null,
  timeCalled: timeCalled ? { at: '', extraTurns: 3 } : null,
  pairings: results.map((r, i) => ({
    table: i + 1,
    p1: 'p0',
    p2: 'p1',
    games: [],
    result: r ? { p1Wins: 2, p2Wins: 0, draws: 0, winner: 'p0', by: 'games' } : null,
  })),
});
const view = (p: EventView['players'], rounds: EventView['rounds']) => ({ players: p, rounds }) as EventView;

describe('new event', () => {
  it('may be created with a game, a token and a name, once', () => {
    const named = { ...DEFAULT_OPTIONS, name: 'Cup' };
    expect(canCreate(false, 'alpha-clash', 'mt1.x', named)).toBe(true);
    expect(canCreate(true, 'alpha-clash', 'mt1.x', named)).toBe(false);
    expect(canCreate(false, '', 'mt1.x', named)).toBe(false);
    expect(canCreate(false, 'alpha-clash', '  ', named)).toBe(false);
    expect(canCreate(false, 'alpha-clash', 'mt1.x', { ...named, name: ' ' })).toBe(false);
  });
});

describe('round state', () => {
  it('the first round starts with two players still in', () => {
    expect(roundState(view(players([false, false]), []))).toEqual({
      next: 1,
      open: false,
      canStart: true,
      timeCalled: false,
    });
    expect(roundState(view(players([false, true]), [])).canStart).toBe(false);
  });

  it('an open round holds the next one back and may have time called once', () => {
    const open = roundState(view(players([false, false]), [round([true, false])]));
    expect(open).toMatchObject({ next: 2, open: true, canStart: false, timeCalled: false });
    expect(roundState(view(players([false, false]), [round([false], true)])).timeCalled).toBe(true);
    expect(roundState(view(players([false, false]), [round([true, true])]))).toMatchObject({
      open: false,
      canStart: true,
    });
  });
});

describe('registering a player', () => {
  const answer = (status: number, body: unknown) => {
    const fetch = vi.fn(async () => ({ ok: status < 300, status, json: async () => body }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('sends the trimmed name and deck, the bot only for a bot seat, with the organiser token', async () => {
    const fetch = answer(201, {});
    await registerPlayer('/api/events/e1', 'tok', { name: ' Ana ', deck: ' red \n', bot: '' });
    await registerPlayer('/api/events/e1', 'tok', { name: 'Bot', deck: 'red', bot: 'greedy' });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![0]).toBe('/api/events/e1/players');
    expect((calls[0]![1].headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(calls[0]![1].body as string)).toEqual({ name: 'Ana', deck: 'red' });
    expect(JSON.parse(calls[1]![1].body as string)).toEqual({ name: 'Bot', deck: 'red', bot: 'greedy' });
  });

  it('a refused decklist comes back with its lines; another refusal with the server’s words', async () => {
    const lines = [{ line: 1, text: '9 Foo', ok: false, message: 'at most 3' }];
    answer(422, { message: 'the deck is not legal', lines });
    const refused = await registerPlayer('/e', 't', { name: 'A', deck: 'x', bot: '' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DeckRefused);
    expect((refused as DeckRefused).lines).toEqual(lines);
    expect((refused as DeckRefused).message).toBe('the deck is not legal');
    answer(409, { message: 'registration is closed' });
    const closed = await registerPlayer('/e', 't', { name: 'A', deck: 'x', bot: '' }).catch(
      (e: unknown) => e,
    );
    expect(closed).not.toBeInstanceOf(DeckRefused);
    expect((closed as Error).message).toBe('registration is closed');
    answer(500, {});
    await expect(registerPlayer('/e', 't', { name: 'A', deck: 'x', bot: '' })).rejects.toThrow(
      'the server answered 500',
    );
  });
});
