// Who may do what with disputes, in which state; every refusal says why and changes nothing (no event).
import { describe, expect, it } from 'vitest';
import {
  decideDispute,
  disputeVisibleTo,
  foldDisputes,
  OpenDisputeBody,
  RecordRulingBody,
  type Caller,
  type DisputeRecord,
  type MatchFacts,
  type StoredDisputeEvent,
} from './disputes-model';

const live: MatchFacts = { matchId: 'm1', status: 'playing', lastSeq: 40, seats: ['p1', 'p2'] };
const ended: MatchFacts = { ...live, status: 'ended' };
const judge: Caller = { role: 'judge' };
const p1: Caller = { role: 'seat', seat: 'p1' };

function apply(
  match: MatchFacts,
  log: StoredDisputeEvent[],
  caller: Caller,
  action: Parameters<typeof decideDispute>[3],
) {
  const d = decideDispute(match, foldDisputes(log), caller, action);
  if (d.ok && d.event)
    log.push({
      seq: log.length + 1,
      type: d.event.type,
      at: `2026-01-01T00:00:0${log.length}.000Z`,
      payload: d.event.payload,
    });
  return d;
}

describe('decideDispute', () => {
  it('a player opens during the match, adds evidence; a judge rules and closes; then nothing more', () => {
    const log: StoredDisputeEvent[] = [];
    expect(
      apply(live, log, p1, { kind: 'open', body: { atSeq: 12, claim: 'p2 drew two cards' } }),
    ).toMatchObject({
      ok: true,
      event: { type: 'DisputeOpened', payload: { disputeId: 'd1', openedBy: { role: 'seat', seat: 'p1' } } },
    });
    expect(
      apply(live, log, p1, {
        kind: 'evidence',
        disputeId: 'd1',
        body: { kind: 'seq', note: 'see here', seq: 12, toSeq: 14 },
      }).ok,
    ).toBe(true);
    expect(
      apply(live, log, p1, { kind: 'ruling', disputeId: 'd1', body: { ruling: 'x', remedy: 'none' } }),
    ).toMatchObject({ ok: false, status: 403, code: 'judges_only' });
    expect(
      apply(live, log, judge, {
        kind: 'ruling',
        disputeId: 'd1',
        body: { ruling: 'Extra draw: warning', rule: '710.1', remedy: 'warning' },
      }).ok,
    ).toBe(true);
    expect(foldDisputes(log)[0]!.status).toBe('ruled');
    expect(apply(live, log, judge, { kind: 'close', disputeId: 'd1', body: {} }).ok).toBe(true);
    const [d] = foldDisputes(log) as [DisputeRecord];
    expect(d).toMatchObject({
      status: 'closed',
      atSeq: 12,
      evidence: [{ kind: 'seq', seq: 12, toSeq: 14 }],
      rulings: [{ rule: '710.1', remedy: 'warning' }],
    });
    for (const action of [
      { kind: 'ruling', disputeId: 'd1', body: { ruling: 'again', remedy: 'none' } },
      { kind: 'evidence', disputeId: 'd1', body: { kind: 'note', note: 'late' } },
      { kind: 'close', disputeId: 'd1', body: {} },
    ] as const)
      expect(apply(live, log, judge, action)).toMatchObject({
        ok: false,
        status: 409,
        code: 'dispute_closed',
      });
    expect(log).toHaveLength(4);
  });

  it('refuses strangers, other seats, players after the match, seqs past the end, unknown disputes', () => {
    const log: StoredDisputeEvent[] = [];
    const open = { kind: 'open', body: { atSeq: 3, claim: 'c' } } as const;
    expect(apply(live, log, { role: 'other', name: 'coverage token' }, open)).toMatchObject({
      status: 403,
      code: 'not_a_judge_or_player',
    });
    expect(apply(live, log, { role: 'other', name: 'spectator' }, { kind: 'list' })).toMatchObject({
      status: 403,
    });
    expect(apply(live, log, { role: 'seat', seat: 'p3' }, open)).toMatchObject({
      status: 403,
      code: 'not_a_player',
    });
    expect(apply(ended, log, p1, open)).toMatchObject({ status: 409, code: 'match_ended' });
    expect(apply(live, log, judge, { kind: 'open', body: { atSeq: 41, claim: 'c' } })).toMatchObject({
      status: 400,
      code: 'bad_seq',
    });
    expect(
      apply(live, log, judge, { kind: 'open', body: { atSeq: 4, claim: 'c', against: 'p9' } }),
    ).toMatchObject({ status: 400, code: 'bad_seat' });
    expect(apply(live, log, judge, { kind: 'read', disputeId: 'd7' })).toMatchObject({
      status: 404,
      code: 'dispute_not_found',
    });
    expect(apply({ ...live, lastSeq: 0 }, log, judge, open)).toMatchObject({
      status: 409,
      code: 'no_events',
    });
    expect(log).toEqual([]);
    // A judge opens after the match has ended.
    expect(apply(ended, log, judge, open).ok).toBe(true);
    expect(
      apply(ended, log, p1, { kind: 'evidence', disputeId: 'd1', body: { kind: 'note', note: 'n' } }),
    ).toMatchObject({ status: 409, code: 'match_ended' });
    expect(
      apply(ended, log, judge, {
        kind: 'evidence',
        disputeId: 'd1',
        body: { kind: 'seq', note: 'n', seq: 9, toSeq: 3 },
      }),
    ).toMatchObject({ status: 400, code: 'bad_seq' });
    expect(
      apply(ended, log, judge, {
        kind: 'ruling',
        disputeId: 'd1',
        body: { ruling: 'rewind', remedy: 'rewind' },
      }),
    ).toMatchObject({ status: 400, code: 'fork_needed' });
    expect(log).toHaveLength(1);
  });

  it('bodies: empty claims, unknown fields and bad remedies are refused by the schemas', () => {
    expect(OpenDisputeBody.safeParse({ atSeq: 1, claim: '   ' }).success).toBe(false);
    expect(OpenDisputeBody.safeParse({ atSeq: 0, claim: 'x' }).success).toBe(false);
    expect(OpenDisputeBody.safeParse({ atSeq: 1, claim: 'x', extra: 1 }).success).toBe(false);
    expect(RecordRulingBody.safeParse({ ruling: 'x', remedy: 'banish' }).success).toBe(false);
    expect(RecordRulingBody.parse({ ruling: 'x' }).remedy).toBe('none');
  });

  it("the live stream shows disputes to judges and the match's players only", () => {
    expect(disputeVisibleTo({ role: 'judge' }, ['p1', 'p2'])).toBe(true);
    expect(disputeVisibleTo({ role: 'seat', seat: 'p2' }, ['p1', 'p2'])).toBe(true);
    expect(disputeVisibleTo({ role: 'coverage' }, ['p1', 'p2'])).toBe(false);
    expect(disputeVisibleTo({ role: 'public' }, ['p1', 'p2'])).toBe(false);
  });
});
