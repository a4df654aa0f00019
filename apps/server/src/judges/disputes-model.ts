// Disputes ("call a judge"): a side stream of a match (`disputes`), outside its hash chain. Four events —
// DisputeOpened, EvidenceAttached, RulingRecorded, DisputeClosed — each carrying its disputeId, so one stream holds
// every dispute of the match. This module is pure: the schemas, the fold into dispute records, and `decideDispute`,
// which says who may do what in which state (a refusal is a status, a code and a message saying what to do).
import { z } from 'zod';

export const DISPUTES_STREAM = 'disputes';

const Text = (max: number, what: string) =>
  z.string().trim().min(1, `${what} is empty; say it in words`).max(max, `${what} is over ${max} characters`);
const Seq = z.number().int().min(1).max(2_147_483_647);
export const DisputeIdSchema = z.string().regex(/^d[1-9][0-9]{0,8}$/, 'a dispute id is d1, d2, …');
const Seat = z.string().regex(/^p[1-9][0-9]*$/);

/** Who acted, as the side stream records it. */
export const DisputeActorSchema = z
  .object({ role: z.enum(['judge', 'seat']), seat: Seat.optional() })
  .strict();
export type DisputeActor = z.infer<typeof DisputeActorSchema>;

export const DisputeOpenedSchema = z
  .object({
    disputeId: DisputeIdSchema,
    atSeq: Seq,
    claim: Text(2000, 'the claim'),
    against: Seat.nullable(),
    openedBy: DisputeActorSchema,
  })
  .strict();
export const EvidenceAttachedSchema = z
  .object({
    disputeId: DisputeIdSchema,
    /** note: words; seq: a moment of the match; rejection: a rejected command (by commandId); knowledge / diff: a query the judge ran. */
    kind: z.enum(['note', 'seq', 'rejection', 'knowledge', 'diff']),
    note: Text(2000, 'the evidence note'),
    seq: Seq.nullable(),
    toSeq: Seq.nullable(),
    commandId: z.string().min(1).max(200).nullable(),
    by: DisputeActorSchema,
  })
  .strict();
export const RulingRecordedSchema = z
  .object({
    disputeId: DisputeIdSchema,
    ruling: Text(4000, 'the ruling'),
    /** The rule of the game's document the ruling rests on, e.g. "710.1". */
    rule: z.string().trim().min(1).max(40).nullable(),
    /** What the judge ordered. */
    remedy: z.enum(['none', 'warning', 'rewind', 'game-loss', 'other']),
    /** The exact fork play continues in, after a rewind. */
    forkMatchId: z.string().min(1).max(100).nullable(),
    by: DisputeActorSchema,
  })
  .strict();
export const DisputeClosedSchema = z
  .object({
    disputeId: DisputeIdSchema,
    note: z.string().trim().max(2000).nullable(),
    by: DisputeActorSchema,
  })
  .strict();

export const DisputeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DisputeOpened'), payload: DisputeOpenedSchema }),
  z.object({ type: z.literal('EvidenceAttached'), payload: EvidenceAttachedSchema }),
  z.object({ type: z.literal('RulingRecorded'), payload: RulingRecordedSchema }),
  z.object({ type: z.literal('DisputeClosed'), payload: DisputeClosedSchema }),
]);
export type DisputeEvent = z.infer<typeof DisputeEventSchema>;
export type DisputeEventType = DisputeEvent['type'];

// ---- request bodies ----
export const OpenDisputeBody = z
  .object({ atSeq: Seq, claim: Text(2000, 'the claim'), against: Seat.optional() })
  .strict();
export const AttachEvidenceBody = z
  .object({
    kind: z.enum(['note', 'seq', 'rejection', 'knowledge', 'diff']).default('note'),
    note: Text(2000, 'the evidence note'),
    seq: Seq.optional(),
    toSeq: Seq.optional(),
    commandId: z.string().min(1).max(200).optional(),
  })
  .strict();
export const RecordRulingBody = z
  .object({
    ruling: Text(4000, 'the ruling'),
    rule: z.string().trim().min(1).max(40).optional(),
    remedy: z.enum(['none', 'warning', 'rewind', 'game-loss', 'other']).default('none'),
    forkMatchId: z.string().min(1).max(100).optional(),
  })
  .strict();
export const CloseDisputeBody = z.object({ note: z.string().trim().max(2000).optional() }).strict();

/** A stored side event of the disputes stream (the store's SideEvent, as far as disputes read it). */
export interface StoredDisputeEvent {
  seq: number;
  type: string;
  at: string;
  payload: unknown;
}

export interface DisputeRecord {
  disputeId: string;
  atSeq: number;
  claim: string;
  against: string | null;
  openedBy: DisputeActor;
  openedAt: string;
  status: 'open' | 'ruled' | 'closed';
  evidence: (z.infer<typeof EvidenceAttachedSchema> & { at: string; streamSeq: number })[];
  rulings: (z.infer<typeof RulingRecordedSchema> & { at: string; streamSeq: number })[];
  closed: (z.infer<typeof DisputeClosedSchema> & { at: string }) | null;
  /** Seq of the side stream's last event of this dispute. */
  lastStreamSeq: number;
}

/** Folds the disputes stream into records, in opening order. Unknown event types are skipped (newer writers). */
export function foldDisputes(events: readonly StoredDisputeEvent[]): DisputeRecord[] {
  const byId = new Map<string, DisputeRecord>();
  for (const e of events) {
    const parsed = DisputeEventSchema.safeParse({ type: e.type, payload: e.payload });
    if (!parsed.success) continue;
    const ev = parsed.data;
    if (ev.type === 'DisputeOpened') {
      const p = ev.payload;
      byId.set(p.disputeId, {
        disputeId: p.disputeId,
        atSeq: p.atSeq,
        claim: p.claim,
        against: p.against,
        openedBy: p.openedBy,
        openedAt: e.at,
        status: 'open',
        evidence: [],
        rulings: [],
        closed: null,
        lastStreamSeq: e.seq,
      });
      continue;
    }
    const d = byId.get(ev.payload.disputeId);
    if (!d) continue;
    d.lastStreamSeq = e.seq;
    if (ev.type === 'EvidenceAttached') d.evidence.push({ ...ev.payload, at: e.at, streamSeq: e.seq });
    else if (ev.type === 'RulingRecorded') {
      d.rulings.push({ ...ev.payload, at: e.at, streamSeq: e.seq });
      if (d.status === 'open') d.status = 'ruled';
    } else {
      d.closed = { ...ev.payload, at: e.at };
      d.status = 'closed';
    }
  }
  return [...byId.values()];
}

/** Who is asking, for one match: a judge, a seat of this match, or someone else (named for the message). */
export type Caller = { role: 'judge' } | { role: 'seat'; seat: string } | { role: 'other'; name: string };

export interface MatchFacts {
  matchId: string;
  status: 'setup' | 'playing' | 'ended';
  lastSeq: number;
  seats: readonly string[];
}

export type DisputeAction =
  | { kind: 'list' }
  | { kind: 'read'; disputeId: string }
  | { kind: 'open'; body: z.infer<typeof OpenDisputeBody> }
  | { kind: 'evidence'; disputeId: string; body: z.infer<typeof AttachEvidenceBody> }
  | { kind: 'ruling'; disputeId: string; body: z.infer<typeof RecordRulingBody> }
  | { kind: 'close'; disputeId: string; body: z.infer<typeof CloseDisputeBody> };

export type DisputeDecision =
  | { ok: true; event: DisputeEvent | null }
  | { ok: false; status: 401 | 403 | 404 | 409 | 400; code: string; message: string };

const refuse = (status: 401 | 403 | 404 | 409 | 400, code: string, message: string): DisputeDecision => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * Who may do what: judges everything at any time; a seat of the match lists and reads its match's disputes, opens
 * one while the match is being played and adds evidence to an open one; nobody else anything. Nothing is added
 * to a closed dispute; only judges rule and close.
 */
export function decideDispute(
  match: MatchFacts,
  disputes: readonly DisputeRecord[],
  caller: Caller,
  action: DisputeAction,
): DisputeDecision {
  if (caller.role === 'other')
    return refuse(
      403,
      'not_a_judge_or_player',
      `disputes of ${match.matchId} are for judges and its players; a ${caller.name} cannot see or open them. Use a judge token (\`npx matchtape token --role judge\`) or a seat token of this match`,
    );
  const by: DisputeActor = caller.role === 'judge' ? { role: 'judge' } : { role: 'seat', seat: caller.seat };
  if (caller.role === 'seat' && !match.seats.includes(caller.seat))
    return refuse(403, 'not_a_player', `${caller.seat} is not a seat of match ${match.matchId}`);
  const checkSeq = (seq: number | undefined, what: string): DisputeDecision | null =>
    seq !== undefined && seq > match.lastSeq
      ? refuse(
          400,
          'bad_seq',
          `${what} ${seq} is past the last event of ${match.matchId} (seq ${match.lastSeq}); pin it to an event that happened`,
        )
      : null;

  if (action.kind === 'list') return { ok: true, event: null };
  if (action.kind === 'open') {
    if (caller.role === 'seat' && match.status === 'ended')
      return refuse(
        409,
        'match_ended',
        `match ${match.matchId} has ended; a player calls a judge during the match. Ask a judge to open a dispute afterwards`,
      );
    if (match.lastSeq === 0)
      return refuse(409, 'no_events', `match ${match.matchId} has no events yet; a dispute is pinned to one`);
    const bad = checkSeq(action.body.atSeq, 'atSeq');
    if (bad) return bad;
    if (action.body.against !== undefined && !match.seats.includes(action.body.against))
      return refuse(
        400,
        'bad_seat',
        `against must be a seat of this match (${match.seats.join(', ')}); got ${action.body.against}`,
      );
    const disputeId = `d${disputes.length + 1}`;
    return {
      ok: true,
      event: {
        type: 'DisputeOpened',
        payload: {
          disputeId,
          atSeq: action.body.atSeq,
          claim: action.body.claim,
          against: action.body.against ?? null,
          openedBy: by,
        },
      },
    };
  }
  const d = disputes.find((x) => x.disputeId === action.disputeId);
  if (!d)
    return refuse(
      404,
      'dispute_not_found',
      `match ${match.matchId} has no dispute ${action.disputeId}; list them with GET /api/matches/${match.matchId}/disputes`,
    );
  if (action.kind === 'read') return { ok: true, event: null };
  if (d.status === 'closed')
    return refuse(
      409,
      'dispute_closed',
      `dispute ${d.disputeId} was closed at ${d.closed?.at ?? '?'}; nothing more can be added. Open a new dispute to raise it again`,
    );
  if (action.kind === 'evidence') {
    for (const [v, w] of [
      [action.body.seq, 'seq'],
      [action.body.toSeq, 'toSeq'],
    ] as const) {
      const bad = checkSeq(v, w);
      if (bad) return bad;
    }
    if (
      action.body.seq !== undefined &&
      action.body.toSeq !== undefined &&
      action.body.toSeq < action.body.seq
    )
      return refuse(400, 'bad_seq', `toSeq (${action.body.toSeq}) is before seq (${action.body.seq})`);
    if (caller.role === 'seat' && match.status === 'ended')
      return refuse(
        409,
        'match_ended',
        `match ${match.matchId} has ended; players add evidence during the match, judges at any time`,
      );
    const b = action.body;
    return {
      ok: true,
      event: {
        type: 'EvidenceAttached',
        payload: {
          disputeId: d.disputeId,
          kind: b.kind,
          note: b.note,
          seq: b.seq ?? null,
          toSeq: b.toSeq ?? null,
          commandId: b.commandId ?? null,
          by,
        },
      },
    };
  }
  if (caller.role !== 'judge')
    return refuse(
      403,
      'judges_only',
      `only a judge may ${action.kind === 'ruling' ? 'record a ruling' : 'close a dispute'}; use a judge token`,
    );
  if (action.kind === 'ruling') {
    const b = action.body;
    if (b.remedy === 'rewind' && b.forkMatchId === undefined)
      return refuse(
        400,
        'fork_needed',
        'a rewind ruling names the fork play continues in: create it with POST /api/matches/:id/fork { at } and pass its id as forkMatchId',
      );
    return {
      ok: true,
      event: {
        type: 'RulingRecorded',
        payload: {
          disputeId: d.disputeId,
          ruling: b.ruling,
          rule: b.rule ?? null,
          remedy: b.remedy,
          forkMatchId: b.forkMatchId ?? null,
          by,
        },
      },
    };
  }
  return {
    ok: true,
    event: { type: 'DisputeClosed', payload: { disputeId: d.disputeId, note: action.body.note ?? null, by } },
  };
}

/** Dispute events a viewer of the live stream may receive: judges and the match's players; nobody else. */
export function disputeVisibleTo(
  viewer: { role: string; seat?: string | undefined },
  seats: readonly string[],
): boolean {
  if (viewer.role === 'judge') return true;
  return viewer.role === 'seat' && viewer.seat !== undefined && seats.includes(viewer.seat);
}
