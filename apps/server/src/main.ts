// `tsx apps/server/src/main.ts [--roles api,relay,projector] [--port N]`: the Matchtape server.
// Embedded default (PGlite under .data/, in-process bus) unless DATABASE_URL / NATS_URL are set.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openBus } from '@matchtape/bus';
import { games } from '@matchtape/games';
import { openStore } from '@matchtape/store';
import { loadOrCreateSecret, mintToken } from './auth/tokens';
import { ALL_ROLES, createServer, KNOWN_ROLES, type Role } from './app';
import { busAuth, loadConfig } from './config';
import { registryOf } from './games';
import { startRelay } from './relay';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

function parseRoles(text: string | undefined): Role[] {
  if (!text) return [...ALL_ROLES];
  const roles = text
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of roles)
    if (!(KNOWN_ROLES as readonly string[]).includes(r))
      throw new Error(`unknown role "${r}"; roles are ${KNOWN_ROLES.join(', ')}`);
  return roles as Role[];
}

const num = (v: string | undefined, fallback: number): number =>
  v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;

/**
 * The server's own organiser credential for local tooling: `npm start` keeps bot matches going with it. Written
 * only where MATCHTAPE_ORGANISER_TOKEN_FILE points (mode 0600, beside the secret it is signed with).
 */
function writeOrganiserToken(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, mintToken({ role: 'organiser', ttlSeconds: 30 * 24 * 3600 }) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const roles = parseRoles(arg('roles') ?? process.env.MATCHTAPE_ROLES);
  const port = num(arg('port'), config.port);
  loadOrCreateSecret({ secret: config.secret ?? null, dataDir: config.dataDir });
  if (config.organiserTokenFile) writeOrganiserToken(config.organiserTokenFile);
  const store = await openStore(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  const auth = busAuth(config);
  const bus = await openBus(
    config.natsUrl
      ? {
          natsUrl: config.natsUrl,
          stream: config.natsStream,
          replicas: config.natsReplicas,
          ...(auth ? { auth } : {}),
        }
      : {},
  );
  const server = await createServer({
    store,
    bus,
    games: registryOf(games),
    roles,
    startRelay: async (log) => {
      const relay = startRelay({ store, bus, log });
      return () => relay.stop();
    },
    bots: {
      minDelayMs: num(process.env.MATCHTAPE_BOT_MIN_MS, 500),
      maxDelayMs: num(process.env.MATCHTAPE_BOT_MAX_MS, 2000),
      scanMs: num(process.env.MATCHTAPE_BOT_SCAN_MS, 2000),
    },
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Open SSE streams per client address and per token (a venue behind one NAT address may need more).
    liveStreams: {
      perAddress: num(process.env.MATCHTAPE_SSE_PER_ADDRESS, 256),
      perToken: num(process.env.MATCHTAPE_SSE_PER_TOKEN, 16),
    },
    // Reads per client served at once and waiting for a turn (http/fair.ts): one greedy client waits for itself.
    fairReads: {
      inFlight: num(process.env.MATCHTAPE_READS_IN_FLIGHT, 2),
      queued: num(process.env.MATCHTAPE_READS_QUEUED, 64),
    },
    ...(config.readModels ? { projector: { models: config.readModels } } : {}),
  });
  const shutdown = async (signal: string): Promise<void> => {
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
    await bus.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (roles.includes('api') || roles.includes('gateway')) {
    const url = await server.listen(port, config.host ?? '0.0.0.0');
    server.app.log.info(
      `Matchtape server (${roles.join(', ')}) on ${url}; store ${store.dialect}, bus ${bus.kind}`,
    );
  } else
    server.app.log.info(`Matchtape server (${roles.join(', ')}); store ${store.dialect}, bus ${bus.kind}`);
}

main().catch((err: unknown) => {
  console.error(`matchtape server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
