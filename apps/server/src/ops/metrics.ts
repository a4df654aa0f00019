// Prometheus metrics (prom-client), one registry per server instance so several servers in one process (tests)
// keep apart. Hot paths only count or observe; anything that needs a query (relay lag) is read at scrape time.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type CommandOutcomeLabel = 'accepted' | 'rejected' | 'stale' | 'replayed' | 'failed';

/** What the server's parts call: small, so the gateway and host depend on this and not on prom-client. */
export interface ServerMetrics {
  readonly registry: Registry;
  command(outcome: CommandOutcomeLabel): void;
  /** One append round trip (the events of one command), in seconds. */
  append(seconds: number, events: number): void;
  /** From an event's release to its write on an SSE connection, in seconds. */
  delivered(seconds: number): void;
}

export interface MetricSources {
  sseClients(): number;
  /** Committed events the relay has not published yet, or null when it cannot be read (no relay, store down). */
  relayLag(): Promise<number | null>;
}

// Append and delivery latencies on loopback are milliseconds; the top buckets catch stalls (Postgres restarting).
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(
  sources: MetricSources,
  opts: { defaultMetrics?: boolean } = {},
): ServerMetrics {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const commands = new Counter({
    name: 'matchtape_commands_total',
    help: 'Player commands handled, by outcome (rate() gives commands/s)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const appendSeconds = new Histogram({
    name: 'matchtape_append_duration_seconds',
    help: 'Time to append one command’s events to the event store (one transaction)',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const eventsAppended = new Counter({
    name: 'matchtape_events_appended_total',
    help: 'Events appended by this instance',
    registers: [registry],
  });
  const delivery = new Histogram({
    name: 'matchtape_delivery_latency_seconds',
    help: 'From an event’s release (its time plus the viewer’s delay) to its write on a live SSE connection',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'matchtape_sse_clients',
    help: 'Open SSE connections on this instance',
    registers: [registry],
    collect() {
      this.set(sources.sseClients());
    },
  });
  new Gauge({
    name: 'matchtape_relay_lag_events',
    help: 'Committed events not yet published by the outbox relay (-1 when it cannot be read)',
    registers: [registry],
    async collect() {
      this.set((await sources.relayLag().catch(() => null)) ?? -1);
    },
  });
  return {
    registry,
    command: (outcome) => commands.inc({ outcome }),
    append(seconds, events) {
      appendSeconds.observe(seconds);
      eventsAppended.inc(events);
    },
    delivered: (seconds) => delivery.observe(Math.max(0, seconds)),
  };
}
