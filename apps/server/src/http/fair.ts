// Fair reads (issue 21, "no client can starve the server"). One event loop serves every client, so a client keeping
// many reads in flight would get a turn for each of them ahead of everyone else's one. Each client (its token, else
// its address: the rate limit's key) has at most `inFlight` reads being served; its further reads wait in its own
// FIFO queue, which costs the server nothing but a closure, and over `queued` waiting the answer is an immediate 429
// `too_many_in_flight` with Retry-After. While another client has reads too, every client gets one turn, so another
// client's read waits behind at most one of the greedy client's, however many it sends. Live streams are long-lived
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

interface Client {
  active: number;
  waiting: (() => void)[];
}

export class ReadGate {
  private readonly clients = new Map<string, Client>();

  constructor(readonly limits: FairLimits = DEFAULT_FAIR) {}

  /**
   * A client's turns now: `inFlight` while it is the only client with reads, 1 while another client has reads served
   * or waiting, so a greedy client's second read never runs ahead of another client's first.
   */
  private turns(): number {
    return this.clients.size > 1 ? 1 : this.limits.inFlight;
  }

  /** Waits for the client's turn; a 429 when its queue is full. Every `enter` that returns is paired with a `leave`. */
  async enter(who: string): Promise<void> {
    let c = this.clients.get(who);
    if (!c) this.clients.set(who, (c = { active: 0, waiting: [] }));
    if (c.active < this.turns() && c.waiting.length === 0) {
      c.active++;
      return;
    }
    if (c.waiting.length >= this.limits.queued)
      throw new HostError(429, 'too_many_in_flight', `${c.active} of your reads are being served and ${c.waiting.length} are waiting; wait for their answers before sending more (retry in 1s)`);
    // `pump` counts this read in `active` before it resumes.
    await new Promise<void>((resolve) => c.waiting.push(resolve));
  }

  leave(who: string): void {
    const c = this.clients.get(who);
    if (!c) return;
    c.active--;
    this.pump(c);
    if (c.active > 0 || c.waiting.length > 0) return;
    this.clients.delete(who);
    // The last other client may now use all its turns.
    if (this.clients.size === 1) for (const other of this.clients.values()) this.pump(other);
  }

  private pump(c: Client): void {
    while (c.waiting.length > 0 && c.active < this.turns()) {
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
export function fairReads(app: FastifyInstance, gate: ReadGate, claimsOf: (req: FastifyRequest) => TokenClaims | null): void {
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
