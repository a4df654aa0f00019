// Token buckets per caller (token id, else client address) and bucket class. In memory, per instance.
export interface BucketSpec {
  /** Sustained requests per second. */
  perSecond: number;
  /** Burst size. */
  burst: number;
}

/**
 * The bucket classes. Every route declares one (http/route.ts), so none is served without a limit:
 * reads (views of matches, SSE connects), commands (seat commands, annotation and dispute writes), create (new
 * matches, forks), meta (health, metrics, the OpenAPI document, the game list: cheap but public).
 */
export type RateKind = 'reads' | 'commands' | 'create' | 'meta';
export type RateLimits = Record<RateKind, BucketSpec>;

export const DEFAULT_LIMITS: RateLimits = {
  commands: { perSecond: 20, burst: 40 },
  reads: { perSecond: 50, burst: 200 },
  create: { perSecond: 1, burst: 30 },
  meta: { perSecond: 10, burst: 60 },
};

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private sweeps = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait. */
  take(key: string, spec: BucketSpec): number {
    const t = this.now();
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { tokens: spec.burst, at: t }));
    b.tokens = Math.min(spec.burst, b.tokens + ((t - b.at) / 1000) * spec.perSecond);
    b.at = t;
    if (++this.sweeps % 10_000 === 0) this.sweep(t);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / spec.perSecond);
  }

  private sweep(t: number): void {
    for (const [k, b] of this.buckets) if (t - b.at > 600_000) this.buckets.delete(k);
  }
}
