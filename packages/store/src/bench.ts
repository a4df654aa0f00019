// Append throughput: `writers` concurrent writers, each appending batches to its own match.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sampleEvents, sampleMatch } from './fixtures';
import type { EventStore } from './types';

export interface BenchAppendOptions {
  store: EventStore;
  /** Concurrent writers, one match each (default 8). */
  writers?: number;
  /** Appends per writer (default 200). */
  appendsPerWriter?: number;
  /** Events per append, i.e. per transaction (default 5). */
  eventsPerAppend?: number;
  /** Called about every 10% with the events appended so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface BenchAppendResult {
  dialect: EventStore['dialect'];
  writers: number;
  appends: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  appendsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export async function benchAppend(opts: BenchAppendOptions): Promise<BenchAppendResult> {
  const { store } = opts;
  const writers = opts.writers ?? 8;
  const appendsPerWriter = opts.appendsPerWriter ?? 200;
  const eventsPerAppend = opts.eventsPerAppend ?? 5;
  const total = writers * appendsPerWriter * eventsPerAppend;
  const runId = randomBytes(4).toString('hex');
  const matchIds = Array.from({ length: writers }, (_, i) => `bench-${runId}-${i}`);
  for (const id of matchIds) await store.createMatch(sampleMatch(id, 'bench'));
  const batches = Array.from({ length: appendsPerWriter }, (_, i) =>
    sampleEvents(eventsPerAppend, i * eventsPerAppend + 1, 'bench'),
  );

  const latencies: number[] = [];
  let done = 0;
  let nextReport = total / 10;
  const started = performance.now();
  await Promise.all(
    matchIds.map(async (id) => {
      let seq = 0;
      for (const batch of batches) {
        const t0 = performance.now();
        await store.appendToStream(id, seq, batch);
        latencies.push(performance.now() - t0);
        seq += batch.length;
        done += batch.length;
        if (done >= nextReport) {
          opts.onProgress?.(done, total);
          nextReport += total / 10;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    dialect: store.dialect,
    writers,
    appends: latencies.length,
    events: total,
    seconds: round(seconds),
    eventsPerSecond: Math.round(total / seconds),
    appendsPerSecond: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: round(pct(0.5)),
      p99: round(pct(0.99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
  };
}
