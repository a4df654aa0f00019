import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  commonLabel,
  EMPTY_SELECTION,
  formatClock,
  groupOffers,
  loadAutoPass,
  loadSeat,
  moveItem,
  nextOfOrder,
  nextStep,
  orderChoice,
  orderOffer,
  passOffer,
  remainingNow,
  saveAutoPass,
  presenceOf,
  saveSeat,
  sendCommand,
  shouldAutoPass,
  type Offer,
} from './table';

const offer = (key: string, type: string, extra: Partial<Offer> = {}): Offer => ({
  key,
  command: { type },
  label: `${type} ${key}`,
  kind: 'other',
  ...extra,
});

const bolt = (t: string, pays: string[] = []) =>
  offer(`bolt-${t}-${pays.join('')}`, 'PlayCard', {
    source: 'c1',
    kind: 'play',
    targets: [t],
    pays,
    label: `Play Bolt on ${t}`,
  });
const pass = offer('pass', 'PassPriority', { kind: 'pass', label: 'Pass priority' });

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    length: 0,
  };
}

describe('choosing among offers', () => {
  it('groups offers of one action on one card, named by the words their labels share', () => {
    const groups = groupOffers([bolt('c7'), bolt('c8'), pass]);
    expect(groups.map((g) => [g.key, g.offers.length, g.label])).toEqual([
      ['c1|PlayCard', 2, 'Play Bolt'],
      ['|PassPriority', 1, 'Pass priority'],
    ]);
  });

  it('a card with one action on two targets asks for a target, and the click on one leaves that offer', () => {
    const offers = [bolt('c7'), bolt('c8'), pass];
    const picked = { ...EMPTY_SELECTION, source: 'c1' };
    expect(nextStep(offers, picked)).toMatchObject({ kind: 'actions', groups: [{ key: 'c1|PlayCard' }] });
    const grouped = { ...picked, group: 'c1|PlayCard' };
    expect(nextStep(offers, grouped)).toMatchObject({ kind: 'targets', ids: ['c7', 'c8'] });
    expect(nextStep(offers, { ...grouped, targets: ['c8'] })).toEqual({ kind: 'send', offer: offers[1] });
  });

  it('asks for the payment once the target leaves offers that differ only by what pays', () => {
    const offers = [bolt('c7', ['r1']), bolt('c7', ['r2'])];
    const sel = { ...EMPTY_SELECTION, source: 'c1', group: 'c1|PlayCard', targets: ['c7'] };
    expect(nextStep(offers, { ...sel, targets: [] })).toMatchObject({ kind: 'pays', ids: ['r1', 'r2'] });
    expect(nextStep(offers, { ...sel, pays: ['r2'] })).toEqual({ kind: 'send', offer: offers[1] });
  });

  it('a choice of several cards (a mulligan) is finished with the offer that matches the picks exactly', () => {
    const mull = (cards: string[]) =>
      offer(`m-${cards.join('')}`, 'Mulligan', {
        kind: 'mulligan',
        targets: cards,
        label: `Mulligan ${cards.length}`,
      });
    const offers = [mull([]), mull(['a']), mull(['b']), mull(['a', 'b'])];
    const sel = { ...EMPTY_SELECTION, group: '|Mulligan' };
    const first = nextStep(offers, sel);
    expect(first).toMatchObject({ kind: 'targets', ids: ['a', 'b'], done: [offers[0]] });
    expect(nextStep(offers, { ...sel, targets: ['a'] })).toMatchObject({
      kind: 'targets',
      ids: ['b'],
      done: [offers[1]],
    });
  });

  it('offers that differ by cards named in another argument ask for those cards on the board (a mulligan putting cards back)', () => {
    const back = (cards: string[]) =>
      offer(`b-${cards.join('')}`, 'Mulligan', {
        kind: 'mulligan',
        command: { type: 'Mulligan', cards },
        label: `Put back ${cards.length}`,
      });
    const offers = [back(['h1']), back(['h2']), back(['h1', 'h2'])];
    const known = (id: string) => id.startsWith('h');
    const sel = { ...EMPTY_SELECTION, group: '|Mulligan' };
    expect(nextStep(offers, sel, known)).toMatchObject({ kind: 'cards', ids: ['h1', 'h2'], done: [] });
    expect(nextStep(offers, { ...sel, cards: ['h1'] }, known)).toMatchObject({
      kind: 'cards',
      ids: ['h2'],
      done: [offers[0]],
    });
    expect(nextStep(offers, { ...sel, cards: ['h1', 'h2'] }, known)).toEqual({
      kind: 'send',
      offer: offers[2],
    });
    // Ids the board does not show are no picks: the offers are listed instead.
    expect(nextStep(offers, sel)).toEqual({ kind: 'list', offers });
  });

  it('one key passes; where the game has no pass, it is the one way of moving on', () => {
    const end = offer('end', 'EndTurn', { label: 'End turn' });
    expect(passOffer([bolt('c7'), pass, end])).toBe(pass);
    expect(passOffer([bolt('c7'), end])).toBe(end);
    expect(passOffer([end, offer('fin', 'FinishDefense')])).toBeNull();
    expect(passOffer([bolt('c7')])).toBeNull();
  });

  it('offers that differ in nothing the board shows are listed by their labels', () => {
    const offers = [
      offer('d1', 'Divide', { label: 'Divide 2 / 1' }),
      offer('d2', 'Divide', { label: 'Divide 1 / 2' }),
    ];
    expect(nextStep(offers, { ...EMPTY_SELECTION, group: '|Divide' })).toEqual({ kind: 'list', offers });
  });

  it('a label shared word by word drops its dangling preposition; labels that share nothing keep the first', () => {
    expect(commonLabel(['Attack with Ogre on Ada', 'Attack with Ogre on Bo'])).toBe('Attack with Ogre');
    expect(commonLabel(['Keep', 'Redraw'])).toBe('Keep');
  });
});

describe('passing by itself', () => {
  const at = { phase: 'main', step: null };
  const on = { stops: [], untilSomething: false, hold: false, enabled: true, heldByOwnAction: false };
  it('passes a priority prompt outside the stops, never a choice, never at a stop, never while holding priority', () => {
    const prio = { prompt: { kind: 'priority', text: 'You have priority' }, offers: [pass] };
    expect(shouldAutoPass(prio, at, on)).toBe(true);
    expect(shouldAutoPass(prio, at, { ...on, enabled: false })).toBe(false);
    expect(shouldAutoPass(prio, at, { ...on, stops: ['main'] })).toBe(false);
    expect(
      shouldAutoPass(prio, { phase: 'combat', step: 'damage' }, { ...on, stops: ['combat/damage'] }),
    ).toBe(false);
    expect(shouldAutoPass(prio, at, { ...on, hold: true, heldByOwnAction: true })).toBe(false);
    expect(
      shouldAutoPass({ prompt: { kind: 'blockers', text: 'Declare blockers' }, offers: [pass] }, at, {
        ...on,
        untilSomething: true,
      }),
    ).toBe(false);
    expect(shouldAutoPass({ prompt: { kind: 'priority', text: '' }, offers: [bolt('c7')] }, at, on)).toBe(
      false,
    );
    expect(
      shouldAutoPass(
        prio,
        { phase: 'main', step: null },
        { ...on, enabled: false, stops: ['main'], untilSomething: true },
      ),
    ).toBe(true);
  });

  it('keeps the stops per game in storage', () => {
    const s = memory();
    saveAutoPass(s, 'alpha-clash', { stops: ['main'], hold: true, enabled: true, untilSomething: true });
    expect(loadAutoPass(s, 'alpha-clash')).toEqual({
      stops: ['main'],
      hold: true,
      enabled: true,
      untilSomething: false,
    });
    expect(loadAutoPass(s, 'the-spoils').enabled).toBe(false);
  });
});

describe('the seat credential and the clock', () => {
  it('stores the seat per match and reads nothing for a match without one or a broken entry', () => {
    const s = memory();
    saveSeat(s, { matchId: 'm1', seat: 'p2', seatToken: 'mt1.a.b' });
    expect(loadSeat(s, 'm1')).toEqual({ seat: 'p2', seatToken: 'mt1.a.b' });
    expect(loadSeat(s, 'm2')).toBeNull();
    s.setItem('matchtape.seat.m3', '{not json');
    expect(loadSeat(s, 'm3')).toBeNull();
  });

  it('counts down only the running seat, from the server figure and its time', () => {
    const clock = {
      kind: 'chess',
      remainingMs: { p1: 60_000, p2: 30_000 },
      running: 'p1',
      asOf: '2026-01-01T00:00:00.000Z',
    };
    const now = Date.parse('2026-01-01T00:00:05.000Z');
    expect(remainingNow(clock, 'p1', now)).toBe(55_000);
    expect(remainingNow(clock, 'p2', now)).toBe(30_000);
    expect(remainingNow(clock, 'p3', now)).toBeNull();
    expect(formatClock(55_000)).toBe('0:55');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('sending a command', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an answer that never comes is not waited for forever: the same commandId goes again, and the table is free', async () => {
    const sent: { commandId: string }[] = [];
    // The first request hangs until it is aborted (a connection dropped without an error); the second is answered.
    const fetchStub = vi.fn((_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as { commandId: string });
      if (sent.length === 1)
        return new Promise<Response>((_res, rej) =>
          init.signal?.addEventListener('abort', () => rej(new DOMException('timed out', 'TimeoutError'))),
        );
      return Promise.resolve(new Response('{"status":"accepted"}', { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchStub);
    const out = await sendCommand('m1', 'tok', { type: 'PassPriority' }, 'table-1', 50);
    expect(out).toEqual({ ok: true });
    expect(sent.map((b) => b.commandId)).toEqual(['table-1', 'table-1']);
  });

  it('no answer at all ends in a refusal that says so, after a bounded number of tries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_res, rej) =>
            init.signal?.addEventListener('abort', () => rej(new DOMException('timed out', 'TimeoutError'))),
          ),
      ),
    );
    const out = await sendCommand('m1', 'tok', { type: 'PassPriority' }, 'table-2', 20);
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/did not answer/) });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(5);
  }, 20_000);
});

describe('presence over the live stream', () => {
  it("reads the server's presence frame, and nothing else as presence", () => {
    expect(presenceOf('presence', { seat: 'p2', connected: false })).toEqual({
      seat: 'p2',
      connected: false,
    });
    expect(presenceOf('presence', { seat: 'p2', connected: true })).toEqual({ seat: 'p2', connected: true });
    expect(presenceOf('message', { seat: 'p2', connected: false })).toBeNull();
    expect(presenceOf('presence', { seat: 'p2' })).toBeNull();
  });
});

describe('ordering simultaneous triggers', () => {
  const resolve = (tid: string) =>
    offer(`r-${tid}`, 'ResolveTrigger', {
      kind: 'order',
      command: { type: 'ResolveTrigger', trigger: tid },
      source: tid,
      label: `Resolve next: ${tid}`,
    });
  const arrange = (order: string[]) =>
    offer(`a-${order.join('')}`, 'ArrangeTop', {
      kind: 'order',
      command: { type: 'ArrangeTop', order },
      label: `Put back on top: ${order.join(', ')}`,
    });
  const concede = offer('concede', 'Concede', { kind: 'concede' });

  it('one command per trigger: a list of the triggers, the top one sent first, the rest as the game asks again', () => {
    const offers = [resolve('t1'), resolve('t2'), resolve('t3'), concede];
    const c = orderChoice(offers)!;
    expect(c).toEqual({
      mode: 'sequence',
      type: 'ResolveTrigger',
      items: [
        { id: 't1', label: 'Resolve next: t1' },
        { id: 't2', label: 'Resolve next: t2' },
        { id: 't3', label: 'Resolve next: t3' },
      ],
    });
    const chosen = moveItem(['t1', 't2', 't3'], 2, 0);
    expect(chosen).toEqual(['t3', 't1', 't2']);
    expect(orderOffer(offers, c, chosen)?.key).toBe('r-t3');
    // The game asks again with the two left: the next of the chosen order is sent.
    expect(nextOfOrder([resolve('t1'), resolve('t2'), concede], 'ResolveTrigger', ['t1', 't2'])).toEqual({
      kind: 'send',
      offer: resolve('t1'),
      rest: ['t2'],
    });
    // A resolving trigger asks its own choice first, or the opponent acts: wait.
    expect(
      nextOfOrder([offer('d', 'Develop', { kind: 'play' }), concede], 'ResolveTrigger', ['t1', 't2']).kind,
    ).toBe('wait');
    expect(nextOfOrder([], 'ResolveTrigger', ['t1']).kind).toBe('wait');
    // Asked again without the next one (it left play): the order is spent.
    expect(nextOfOrder([resolve('t2'), resolve('t9')], 'ResolveTrigger', ['t1', 't2']).kind).toBe('stop');
  });

  it('one command per arrangement: the items of the first offer, answered by the offer of exactly that arrangement', () => {
    const offers = [arrange(['a', 'b']), arrange(['b', 'a'])];
    const c = orderChoice(offers, (id) => id.toUpperCase())!;
    expect(c).toEqual({
      mode: 'whole',
      type: 'ArrangeTop',
      items: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
    });
    expect(orderOffer(offers, c, moveItem(['a', 'b'], 1, 0))?.key).toBe('a-ba');
    expect(orderOffer(offers, c, ['a', 'c'])).toBeNull();
  });

  it("Grand Archive's competing replacement effects (2.5.b.2): the same list, the top applied first, the rest as asked", () => {
    const apply = (effect: string, label: string) =>
      offer(`x-${effect}`, 'ApplyReplacement', {
        kind: 'order',
        command: { type: 'ApplyReplacement', effect },
        label,
      });
    const shield = apply('sh1', 'Apply next: prevent up to 1 damage to Spirit of Water (Iron Buckler)');
    const critical = apply('critical', 'Apply next: Critical 1 (double the damage)');
    const other = apply('sh2', 'Apply next: prevent up to 2 damage to Spirit of Water (Mend)');
    const offers = [shield, critical, other, concede];
    const c = orderChoice(offers)!;
    expect(c.mode).toBe('sequence');
    expect(c.type).toBe('ApplyReplacement');
    expect(c.items.map((i) => i.label)).toEqual([shield.label, critical.label, other.label]);
    const chosen = moveItem(['sh1', 'critical', 'sh2'], 1, 0);
    expect(orderOffer(offers, c, chosen)).toBe(critical);
    // Asked again about what is left (2.5.b.2.a): the next of the chosen order.
    expect(nextOfOrder([shield, other, concede], 'ApplyReplacement', ['sh1', 'sh2'])).toEqual({
      kind: 'send',
      offer: shield,
      rest: ['sh2'],
    });
    // The last one applied itself (nothing asked); the next damage asks about the same shield and a new effect:
    // that is a new decision, never answered from the old order.
    expect(nextOfOrder([shield, critical, concede], 'ApplyReplacement', ['sh1']).kind).toBe('stop');
  });

  it('no list for a single ordering offer or for offers that are not orders', () => {
    expect(orderChoice([resolve('t1'), concede])).toBeNull();
    expect(orderChoice([bolt('x'), bolt('y'), pass])).toBeNull();
  });

  it('moveItem keeps every item and clamps the destination', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
