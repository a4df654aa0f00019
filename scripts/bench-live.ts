// npx tsx scripts/bench-live.ts [--game G] [--spectators 100] [--commands 300] [--seconds 10] [--matches 8]
// Live latency (command sent → SSE delivered to each of N spectators) and the command rate one server
// instance sustains. Embedded default, or DATABASE_URL / NATS_URL. Prints one JSON line.
import { randomBytes } from 'node:crypto';
import { games } from '@matchtape/games';
import { benchLive, registryOf } from '@matchtape/server';
import { dropSchema } from '@matchtape/store';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const num = (name: string, fallback: number): number =>
  arg(name) !== undefined ? Number(arg(name)) : fallback;

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
try {
  const result = await benchLive({
    games: registryOf(games),
    ...(arg('game') ? { game: arg('game')! } : {}),
    spectators: num('spectators', 100),
    commands: num('commands', 300),
    rateSeconds: num('seconds', 10),
    rateMatches: num('matches', 8),
    ...(databaseUrl ? { databaseUrl, schema: schema! } : {}),
    ...(process.env.NATS_URL ? { natsUrl: process.env.NATS_URL } : {}),
    log: (l) => console.error(`[bench] ${l}`),
  });
  console.log(JSON.stringify(result));
} finally {
  if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
}
