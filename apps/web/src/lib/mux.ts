// One live connection per browser for any number of match tabs. A browser holds at most six HTTP/1.1
// connections to the site; each open match used to hold one for its SSE stream, so a seventh tab never loaded.
// Now the site's own route (app/live/route.ts) opens the server's live streams and multiplexes them into one
// SSE response, and one tab per browser (the leader, liveHub.ts) holds that response for every tab.
import { z } from 'zod';
import type { LiveStatus, SseMessage } from './sse';

export const MUX_PATH = '/live';

/** One stream wanted: a match as a viewer, resumed after lastSeq. `key` names it in the multiplexed stream. */
export const MuxSubscriptionSchema = z
  .object({
    key: z.string().min(1).max(200),
    matchId: z.string().min(1).max(200),
    as: z.string().min(1).max(40),
    lastSeq: z.number().int().nonnegative(),
    token: z.string().max(4000).nullable().optional(),
    /** Stay subscribed after the match's end for its side frames (drawings on an ended match). */
    follow: z.boolean().optional(),
  })
  .strict();
export type MuxSubscription = z.infer<typeof MuxSubscriptionSchema>;

export const MuxRequestSchema = z.object({ subs: z.array(MuxSubscriptionSchema).max(200) }).strict();

const LiveStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('connecting') }),
  z.object({ kind: z.literal('open') }),
  z.object({ kind: z.literal('reconnecting'), attempt: z.number(), inMs: z.number(), reason: z.string() }),
  z.object({ kind: z.literal('closed'), reason: z.string() }),
  z.object({ kind: z.literal('failed'), status: z.number(), reason: z.string() }),
]);

/** What the multiplexed stream carries, one JSON object per SSE message (`event: mux`). */
export const MuxFrameSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('messages'),
    key: z.string(),
    batch: z.array(z.object({ event: z.string(), data: z.string(), id: z.string().nullable() })),
  }),
  z.object({ kind: z.literal('status'), key: z.string(), status: LiveStatusSchema }),
]);
export type MuxFrame =
  | { kind: 'messages'; key: string; batch: SseMessage[] }
  | { kind: 'status'; key: string; status: LiveStatus };

export function muxFrameText(f: MuxFrame): string {
  return `event: mux\ndata: ${JSON.stringify(f)}\n\n`;
}
