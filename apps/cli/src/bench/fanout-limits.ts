// The server options both fan-out bench servers (the deciding process and each gateway process) share: no bots, no
// limit a real deployment sets per client (every spectator of the bench connects from one address), and a
// heartbeat slower than a run, so only events travel.
import type { ServerOptions } from '@matchtape/server';

const unlimited = { perSecond: 1e9, burst: 1e9 };

export const BENCH_SERVER = {
  bots: false,
  rateLimits: { commands: unlimited, reads: unlimited, create: unlimited, meta: unlimited },
  liveStreams: { perAddress: 1e9, perToken: 1e9 },
  heartbeatMs: 60_000,
} satisfies Partial<ServerOptions>;
