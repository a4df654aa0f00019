// Keywords as data (507, 412.1, 203.5): each is checked against the rule that defines it, from start positions.
import { describe, expect, it } from 'vitest';
import { PRESET_DECKS, validateDeck } from './decks';
import { KEYWORDS, hasKeyword } from './keywords';
import { CARDS } from './pool';
import { blockForbiddenBy } from '../rules';
import { Table } from '../test-helpers';

const attackWith = (t: Table, ids: string[]) => {
  t.do('p1', 'Attack', { target: 'gold' });
  for (const id of ids) t.do('p1', 'AddAttacker', { card: id });
  t.do('p1', 'ConfirmAttackers');
  t.do('p1', 'Pass');
  t.do('p2', 'Pass');
};

describe('keywords', () => {
  it('every keyword names its rule, and every keyword a card prints is in the table', () => {
    const names = new Set(KEYWORDS.map((k) => k.kw));
    for (const c of CARDS) for (const k of c.keywords) expect(names.has(k.kw), `${c.id}: ${k.kw}`).toBe(true);
    for (const k of KEYWORDS) expect(k.rule).toMatch(/^\d{3}(\.\d+)?$/);
  });

  it('507.2a Attach to: the pick is the first extra cost; 507.2e: a host that is no longer a character destroys it', () => {
    const t = new Table(
      { hand: ['brass-gauntlet'], play: ['elitism', 'rage', { card: 'coin-sworn-guard', id: 'g' }] },
      {},
    );
    expect(t.no('p1', 'PlayCard', { card: t.id('brass-gauntlet', 'p1') }).rule).toBe('507.2a');
    expect(t.no('p1', 'PlayCard', { card: t.id('brass-gauntlet', 'p1'), pick: 'red' }).rule).toBe('507.2a');
    const u = new Table(
      {
        play: [
          { card: 'toll-gate', id: 'loc' },
          { card: 'brass-gauntlet', id: 'gl', attachedTo: 'loc' },
        ],
      },
      {},
    );
    const ev = u.do('p1', 'EndTurn').concat(u.do('p2', 'Pass'));
    expect(ev.find((e) => e.type === 'CardsLeftPlay')).toMatchObject({ rule: '507.2e' });
  });

  it('507.3 Covert: only covert characters block a covert party (507.3b); covert characters block only covert parties (507.3c)', () => {
    const t = new Table(
      { play: [{ card: 'ledger-spy', id: 'spy' }] },
      {
        play: [
          { card: 'coin-sworn-guard', id: 'g' },
          { card: 'ledger-spy', id: 'spy2' },
        ],
      },
    );
    attackWith(t, ['spy']);
    expect(t.s.battle!.covert).toBe(true);
    expect(
      blockForbiddenBy(
        t.s,
        t.s.perms.find((x) => x.id === 'g')!,
      ),
    ).toBe('507.3b');
    expect(
      blockForbiddenBy(
        t.s,
        t.s.perms.find((x) => x.id === 'spy2')!,
      ),
    ).toBeNull();
    const u = new Table(
      { play: [{ card: 'red-maw-raider', id: 'r' }] },
      {
        play: [
          { card: 'ledger-spy', id: 'spy2' },
          { card: 'coin-sworn-guard', id: 'g' },
        ],
      },
    );
    attackWith(u, ['r']);
    expect(u.no('p2', 'AddBlocker', { card: 'spy2' }).rule).toBe('507.3c');
  });

  it('507.4 Flip Up: only from your face-down resources, with its Flip Up threshold; the card pays for itself', () => {
    const t = new Table(
      { play: [{ card: 'flipwing-bat', id: 'bat', faceDown: true }, 'deception', 'rage'] },
      {},
    );
    const ev = t.do('p1', 'PlayCard', { card: 'bat' });
    expect(ev.find((e) => e.type === 'ResourcesAttached')).toMatchObject({
      rule: '507.4b',
      payload: { ids: ['bat'] },
    });
    expect(ev.find((e) => e.type === 'CardPlayStarted')).toMatchObject({
      rule: '507.4a',
      payload: { via: 'flip-up' },
    });
    const u = new Table(
      { play: [{ card: 'red-maw-raider', id: 'x', faceDown: true }, 'rage', 'rage', 'rage'] },
      {},
    );
    expect(u.no('p1', 'PlayCard', { card: 'x' }).rule).toBe('507.4a');
  });

  it('507.5a Unique: with two Gold Wardens you keep one and the other is destroyed', () => {
    const t = new Table(
      {},
      { hand: ['gold-warden'], play: [{ card: 'gold-warden', id: 'w1' }, 'greed', 'greed', 'greed'] },
      { turnPlayer: 'p2' },
    );
    t.do('p2', 'PlayCard', { card: t.id('gold-warden', 'p2') });
    t.do('p1', 'Pass');
    expect(t.s.prompt).toMatchObject({ kind: 'keep-unique', player: 'p2', rule: '507.5a' });
    const ev = t.do('p2', 'KeepUnique', { card: 'w1' });
    expect(ev.find((e) => e.type === 'CardsLeftPlay')).toMatchObject({ rule: '507.5a' });
    expect(t.s.perms.filter((x) => x.cardId === 'gold-warden').map((x) => x.id)).toEqual(['w1']);
  });

  it('507.6a Tactical: playable whenever a tactic is — in a response window; a plain character is not', () => {
    const t = new Table(
      { hand: ['ambush-cutthroat', 'ledger-spy'], play: ['deception', 'rage'] },
      {},
      { turnPlayer: 'p2' },
    );
    t.do('p2', 'EndTurn');
    expect(t.no('p1', 'PlayCard', { card: t.id('ledger-spy', 'p1') }).rule).toBe('607.2');
    t.do('p1', 'PlayCard', { card: t.id('ambush-cutthroat', 'p1') });
    expect(t.s.chain.map((x) => x.kind)).toEqual(['end-turn', 'card']);
  });

  it('412.1 cannot be blocked: no blocking party can be formed against such a party', () => {
    const t = new Table(
      { play: [{ card: 'phantom-courier', id: 'c' }] },
      { play: [{ card: 'coin-sworn-guard', id: 'g' }] },
    );
    const ev: string[] = [];
    t.do('p1', 'Attack', { target: 'gold' });
    t.do('p1', 'AddAttacker', { card: 'c' });
    t.do('p1', 'ConfirmAttackers');
    t.do('p1', 'Pass');
    for (const e of t.do('p2', 'Pass')) ev.push(`${e.type}:${e.rule}`);
    expect(ev).toContain('BlockingPartyFormed:412.1');
  });

  it('203.5 Staple: any number of staples in a Constructed deck', () => {
    expect(
      hasKeyword(
        CARDS.find((c) => c.id === 'rage')!,
        'covert',
      ),
    ).toBe(false);
    const base = PRESET_DECKS['red-maw-warband']!;
    expect(
      validateDeck({ ...base, main: [...base.main, ...Array.from({ length: 20 }, () => 'rage')] }),
    ).toEqual([]);
  });
});
