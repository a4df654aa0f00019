// Fair reads (issue 21, "no client can starve the server"). One event loop serves every client, so a client keeping
// many reads in flight would get a turn for each of them ahead of everyone else's one. Each client (its token, else
// its address: the rate limit's key) has at most `inFlight` reads being served; its further reads wait in its own
// FIFO queue, which costs the server nothing but a closure, and over `queued` waiting the answer is an immediate 429
// `too_many_in_flight` with Retry-After. While another client has reads too, every client gets one turn, and a
// client's waiting reads start only while no other client is being served (its first read always starts at once):
// another client's read shares the loop with at most the greedy client's reads already under way. Live streams are long-lived
// and capped by the stream limits instead (route.stream).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/tokens';
import { HostError } from '../host/engine-host';
import { clientOf } from './register';

export interface FairLimits {
  /** Reads of one client served at once (default 2). */
  inFlight: number;
  /** Reads of one client waiting for a turn (default 64); more are refused with 429. */
  queued: number;
}

export const DEFAULT_FAIR: FairLimits = { inFlight: 2, queued: 64 };

/**
 * How long a client that had reads still counts as present (ms): a client reading one request after the other has
 * none between its answer and its next request, and a greedy client must not take both turns in that gap.
 */
const LINGER_MS = 250;
const LINGER_MAX = 10_000;

interface Client {
  active: number;
  waiting: (() => void)[];
}

export class ReadGate {
  private readonly clients = new Map<string, Client>();
  /** Clients whose last read ended lately: who → when (ms, `now`). */
  private readonly lately = new Map<string, number>();

  constructor(
    readonly limits: FairLimits = DEFAULT_FAIR,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether a client other than `who` has reads, or had one within LINGER_MS. */
  private othersAround(who: string): boolean {
    if (this.clients.size > 1 || (this.clients.size === 1 && !this.clients.has(who))) return true;
    const t = this.now();
    for (const [id, at] of this.lately) {
      if (t - at >= LINGER_MS) this.lately.delete(id);
      else if (id !== who) return true;
    }
    return false;
  }

  /**
   * A client's turns now: `inFlight` while it is the only client with reads (or one within LINGER_MS); while another
   * client has reads waiting or served, 1 — and none while another client has a read being served. A read that finds its client with nothing
   * served or waiting starts at once (`enter`), so a client one read at a time is never queued behind a greedy one,
   * and a greedy client's backlog moves only when nobody else is being served: another client's read shares the
   * event loop with at most the greedy client's reads already under way, never with new ones.
   */
  private turns(who: string, c: Client): number {
    if (!this.othersAround(who)) return this.limits.inFlight;
    for (const other of this.clients.values()) if (other !== c && other.active > 0) return 0;
    return 1;
  }

  /** Waits for the client's turn; a 429 when its queue is full. Every `enter` that returns is paired with a `leave`. */
  async enter(who: string): Promise<void> {
    let c = this.clients.get(who);
    if (!c) this.clients.set(who, (c = { active: 0, waiting: [] }));
    if (c.waiting.length === 0 && (c.active === 0 || c.active < this.turns(who, c))) {
      c.active++;
      return;
    }
    if (c.waiting.length >= this.limits.queued)
      throw new HostError(
        429,
        'too_many_in_flight',
        `${c.active} of your reads are being served and ${c.waiting.length} are waiting; wait for their answers before sending more (retry in 1s)`,
      );
    // `pump` counts this read in `active` before it resumes.
    await new Promise<void>((resolve) => c.waiting.push(resolve));
  }

  leave(who: string): void {
    const c = this.clients.get(who);
    if (!c) return;
    c.active--;
    if (c.active === 0 && c.waiting.length === 0) {
      this.clients.delete(who);
      this.lately.delete(who);
      this.lately.set(who, this.now());
      if (this.lately.size > LINGER_MAX) this.lately.delete(this.lately.keys().next().value!);
    }
    // Everyone else first (round robin: the client that was just served goes last), then the client itself.
    for (const [id, other] of this.clients) if (id !== who) this.pump(id, other);
    if (this.clients.has(who)) this.pump(who, c);
  }

  private pump(who: string, c: Client): void {
    while (c.waiting.length > 0 && c.active < this.turns(who, c)) {
      c.active++;
      c.waiting.shift()!();
    }
  }

  /** Clients with reads served or waiting (for tests and metrics). */
  get size(): number {
    return this.clients.size;
  }
}

/**
 * Gives every read route (registered with `config.fairRead`) a per-client turn before any other preHandler runs (the
 * fork guard reads the store too). The turn is given back once the response has finished or its connection closed.
 */
export function fairReads(
  app: FastifyInstance,
  gate: ReadGate,
  claimsOf: (req: FastifyRequest) => TokenClaims | null,
): void {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if ((req.routeOptions.config as { fairRead?: boolean } | undefined)?.fairRead !== true) return;
    let claims: TokenClaims | null = null;
    try {
      claims = claimsOf(req);
    } catch {
      claims = null; // the handler refuses the token; its turn is the address's
    }
    const who = clientOf(req, claims);
    try {
      await gate.enter(who);
    } catch (err) {
      reply.header('retry-after', '1');
      throw err;
    }
    let done = false;
    const leave = (): void => {
      if (done) return;
      done = true;
      gate.leave(who);
    };
    reply.raw.once('finish', leave);
    reply.raw.once('close', leave);
  });
}
