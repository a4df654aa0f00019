// GET /api/matches/:id/window?seq&as — what a replay needs to draw its first board at a playhead without the
// whole match: the viewer's state at a keyframe at or before the playhead, plus the viewer's events from just
// after the keyframe to a little past the playhead. The browser folds the events onto the keyframe (redaction
// commutes with folding) and loads the rest of the match behind it from the events route.
// Redaction, delay and access are exactly the state and events routes': the same MatchSight calls, the same
// game.view, the same resolveAccess.
import { z } from 'zod';
import type { TokenClaims } from '../auth/tokens';
import type { RouteContext, RouteModule } from '../http/context';
import { route } from '../http/route';
import * as S from '../http/schemas';
import { resolveAccess } from '../viewers';

/** Keyframes sit on multiples of this (the host stores a snapshot every 50 events, so the server folds ≤ 50). */
export const WINDOW_KEYFRAME_EVERY = 50;
/** Events sent past the playhead by default, and at most. */
export const WINDOW_AFTER = 200;
const MAX_AFTER = 2000;

export const WindowQuery = S.StateQuery.extend({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_AFTER)
    .optional()
    .meta({ description: `Events past the playhead (default ${WINDOW_AFTER}, at most ${MAX_AFTER}).` }),
}).strict();

/** The window at the playhead for one viewer (see the top of this file). */
async function windowAt(
  ctx: RouteContext,
  id: string,
  claims: TokenClaims | null,
  q: z.infer<typeof WindowQuery>,
): Promise<S.WindowResponse> {
  const rec = await ctx.record(id);
  const access = resolveAccess(rec, claims, q.as, ctx.now().getTime());
  const game = ctx.host.game(rec.game);
  const target = Math.min(q.seq ?? rec.lastSeq, rec.lastSeq);
  const key = target - (target % WINDOW_KEYFRAME_EVERY);
  // The keyframe as the state route gives it (clamped to what this viewer has been released)…
  const kf = await ctx.sight.stateAt(rec, access, key);
  // …and the events after it as the events route gives them (cut at the first one not released).
  const to = Math.max(target, kf.seq) + (q.after ?? WINDOW_AFTER);
  const events = to > kf.seq ? await ctx.sight.events(rec, access, kf.seq + 1, to) : [];
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
}

export const windowRoutes: RouteModule = (ctx) => [
  route({
    method: 'GET',
    path: '/api/matches/:id/window',
    summary:
      "A replay's first board at a playhead: the viewer's state at the keyframe before it and the viewer's events from there to a little past it",
    limit: 'reads',
    params: S.MatchIdParams,
    query: WindowQuery,
    responses: {
      200: { description: 'keyframe and events', schema: S.WindowResponse },
      403: { description: 'view not allowed for this token', schema: S.ErrorBody },
      404: { description: 'no such match', schema: S.ErrorBody },
    },
    handle: async ({ params, claims, query }) => windowAt(ctx, params.id, claims, query),
  }),
];
