// Append throughput of the event store on embedded PGlite (on disk) and on Postgres.
//   npx tsx scripts/bench-append.ts [--only pglite|postgres] [--writers 8] [--appends 200] [--events 5]
// Postgres: DATABASE_URL, else MATCHTAPE_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// the run uses a throwaway schema. PGlite: a throwaway directory under the OS temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchAppend, dropSchema, openStore, type BenchAppendResult } from '@matchtape/store';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    writers: { type: 'string', default: '8' },
    appends: { type: 'string', default: '200' },
    events: { type: 'string', default: '5' },
  },
});
const int = (name: string, v: string | undefined): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, not ${v}`);
  return n;
};
const writers = int('writers', values.writers);
const appendsPerWriter = int('appends', values.appends);
const eventsPerAppend = int('events', values.events);
if (values.only && values.only !== 'pglite' && values.only !== 'postgres')
  throw new Error('--only must be pglite or postgres');

const progress = (label: string) => (done: number, total: number) =>
  process.stderr.write(`  ${label}: ${done}/${total} events (${Math.round((100 * done) / total)}%)\n`);

function report(r: BenchAppendResult): void {
  console.log(
    `${r.dialect.padEnd(8)} ${String(r.eventsPerSecond).padStart(7)} events/s  ${String(r.appendsPerSecond).padStart(6)} appends/s  ` +
      `(${r.events} events, ${r.writers} writers × ${r.appends / r.writers} appends × ${r.events / r.appends} events, ${r.seconds} s; ` +
      `latency p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms)`,
  );
}

const opts = { writers, appendsPerWriter, eventsPerAppend };
const results: BenchAppendResult[] = [];

if (values.only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'matchtape-bench-'));
  const store = await openStore({ dataDir: join(dir, 'pglite') });
  try {
    process.stderr.write(`PGlite (on disk, ${dir})\n`);
    results.push(await benchAppend({ store, ...opts, onProgress: progress('pglite') }));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.only !== 'pglite') {
  const url =
    process.env.DATABASE_URL ??
    process.env.MATCHTAPE_TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${process.pid}`;
  const store = await openStore({ databaseUrl: url, schema, poolSize: Math.min(writers, 20) });
  try {
    process.stderr.write(`Postgres (${url.replace(/:[^:@/]*@/, ':***@')}, schema ${schema})\n`);
    results.push(await benchAppend({ store, ...opts, onProgress: progress('postgres') }));
  } finally {
    await store.close();
    await dropSchema(url, schema);
  }
}

results.forEach(report);
