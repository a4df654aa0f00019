// GET /api/matches/:id/window?seq&as — what a replay needs to draw its first board at a playhead without the
// whole match: the viewer's state at a keyframe at or before the playhead, plus the viewer's events from just
// after the keyframe to a little past the playhead. The browser folds the events onto the keyframe (redaction
// commutes with folding) and loads the rest of the match behind it from the events route.
// Redaction, delay and access are exactly the state and events routes': the same MatchSight calls, the same
// game.view, the same resolveAccess.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyGameModule } from '@matchtape/engine';
import type { MatchRecord } from '@matchtape/store';
import type { TokenClaims } from '../auth/tokens';
import * as S from '../http/schemas';
import type { MatchSight } from '../visibility';
import { resolveAccess } from '../viewers';

/** Keyframes sit on multiples of this (the host stores a snapshot every 50 events, so the server folds ≤ 50). */
export const WINDOW_KEYFRAME_EVERY = 50;
/** Events sent past the playhead by default, and at most. */
export const WINDOW_AFTER = 200;
const MAX_AFTER = 2000;

export const WindowQuery = S.StateQuery.extend({
  after: z.coerce.number().int().min(0).max(MAX_AFTER).optional().meta({ description: `Events past the playhead (default ${WINDOW_AFTER}, at most ${MAX_AFTER}).` }),
}).strict();

export interface WindowDeps {
  record(id: string): Promise<MatchRecord>;
  claimsFor(req: FastifyRequest, query: { token?: string | undefined }): TokenClaims | null;
  limit(req: FastifyRequest, reply: FastifyReply, claims: TokenClaims | null, kind: 'reads'): void;
  sight: MatchSight;
  game(id: string): AnyGameModule;
  now(): Date;
}

export function registerWindowRoutes(app: FastifyInstance, deps: WindowDeps): void {
  app.get('/api/matches/:id/window', async (req, reply) => {
    const { id } = S.MatchIdParams.parse(req.params);
    const q = WindowQuery.parse(req.query);
    const claims = deps.claimsFor(req, q);
    deps.limit(req, reply, claims, 'reads');
    const rec = await deps.record(id);
    const access = resolveAccess(rec, claims, q.as, deps.now().getTime());
    const game = deps.game(rec.game);
    const target = Math.min(q.seq ?? rec.lastSeq, rec.lastSeq);
    const key = target - (target % WINDOW_KEYFRAME_EVERY);
    // The keyframe as the state route gives it (clamped to what this viewer has been released)…
    const kf = await deps.sight.stateAt(rec, access, key);
    // …and the events after it as the events route gives them (cut at the first one not released).
    const to = Math.max(target, kf.seq) + (q.after ?? WINDOW_AFTER);
    const events = to > kf.seq ? await deps.sight.events(rec, access, kf.seq + 1, to) : [];
    const held = kf.seq + events.length;
    return {
      matchId: id,
      as: access.role,
      delaySeconds: access.delaySeconds,
      seq: Math.min(target, held),
      requestedSeq: q.seq ?? null,
      keyframe: { seq: kf.seq, state: game.view(kf.state, access.viewer) },
      events,
    };
  });
}
