// Server configuration from the environment, validated once at start; every wrong value is named with a fix.
// Without DATABASE_URL / NATS_URL the server runs embedded: PGlite under <dataDir>/pglite and an in-process bus.
import { accessSync, constants, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NatsAuth } from '@matchtape/bus';
import { readModels } from '@matchtape/projections';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const databaseUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
      error:
        'must be a postgres:// URL such as postgres://user:password@127.0.0.1:5432/matchtape; unset it to use the embedded database',
    })
    .optional(),
);

const natsUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine(
      (v) => v.split(',').every((u) => /^(nats|tls):\/\/[^\s,]+$/.test(u.trim()) && URL.canParse(u.trim())),
      {
        error:
          'must be nats://host:port (several separated by commas for a cluster); unset it to use the in-process bus',
      },
    )
    .optional(),
);

const intIn = (name: string, min: number, max: number, fallback: number) =>
  z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
        .transform(Number)
        .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` })
        .optional()
        .transform((n) => n ?? fallback),
    )
    .describe(name);

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** One trusted proxy: an IPv4/IPv6 address, a CIDR (10.0.0.0/8, fd00::/8) or loopback/linklocal/uniquelocal. */
function isProxyAddress(v: string): boolean {
  if ((PROXY_RANGES as readonly string[]).includes(v)) return true;
  const [addr, bits, ...rest] = v.split('/');
  if (rest.length > 0 || !addr) return false;
  const family = isIP(addr);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every(isProxyAddress), {
      error: `must be the addresses of your reverse proxies, comma-separated: IPs, CIDRs (10.0.0.0/8) or ${PROXY_RANGES.join(', ')}; unset it when clients connect directly`,
    })
    .optional(),
);

const readableFile = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (p) => {
          try {
            accessSync(p, constants.R_OK);
            return true;
          } catch {
            return false;
          }
        },
        { error: `must be the path of a readable ${what}` },
      )
      .optional(),
  );

const EnvSchema = z.object({
  DATABASE_URL: databaseUrl,
  NATS_URL: natsUrl,
  MATCHTAPE_PORT: intIn('MATCHTAPE_PORT', 1, 65535, 4000),
  MATCHTAPE_HOST: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]+$/, { error: 'must be an interface address such as 0.0.0.0, 127.0.0.1 or ::' })
      .default('0.0.0.0'),
  ),
  MATCHTAPE_DATA_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  MATCHTAPE_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(32, {
        error:
          'must be at least 32 characters (e.g. `openssl rand -hex 32`); unset it to generate one under the data dir',
      })
      .optional(),
  ),
  MATCHTAPE_LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toLowerCase()) : v),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  MATCHTAPE_NATS_STREAM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be letters, digits, _ or - (at most 64)' })
      .default('MATCHTAPE'),
  ),
  MATCHTAPE_NATS_REPLICAS: intIn('MATCHTAPE_NATS_REPLICAS', 1, 5, 1),
  MATCHTAPE_NATS_USER: z.preprocess(blankToUndefined, z.string().max(256).optional()),
  MATCHTAPE_NATS_PASSWORD: z.preprocess(blankToUndefined, z.string().max(1024).optional()),
  MATCHTAPE_NATS_TOKEN: z.preprocess(blankToUndefined, z.string().max(1024).optional()),
  MATCHTAPE_NATS_NKEY_SEED_FILE: readableFile('file holding an nkey user seed (SU…)'),
  MATCHTAPE_NATS_CREDS_FILE: readableFile('NATS .creds file (user JWT and seed)'),
  MATCHTAPE_TRUST_PROXY: trustProxy,
  MATCHTAPE_ORGANISER_TOKEN_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  MATCHTAPE_READ_MODELS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((names) => names.every((n) => readModels().some((m) => m.name === n)), {
        error: `must be read model names separated by commas, from: ${readModels()
          .map((m) => m.name)
          .join(', ')}`,
      })
      .optional(),
  ),
});

/** How the server authenticates to NATS (nats-server `authorization`/`accounts`); none when unset. */
export type NatsAuthConfig =
  | { kind: 'user'; user: string; password: string }
  | { kind: 'token'; token: string }
  | { kind: 'nkey'; seedFile: string }
  | { kind: 'creds'; credsFile: string };

const SECRET_KEYS = new Set(['MATCHTAPE_SECRET', 'MATCHTAPE_NATS_PASSWORD', 'MATCHTAPE_NATS_TOKEN']);

function natsAuthOf(e: z.infer<typeof EnvSchema>): { auth?: NatsAuthConfig; problems: string[] } {
  const chosen = [
    e.MATCHTAPE_NATS_USER !== undefined || e.MATCHTAPE_NATS_PASSWORD !== undefined
      ? 'MATCHTAPE_NATS_USER/MATCHTAPE_NATS_PASSWORD'
      : null,
    e.MATCHTAPE_NATS_TOKEN !== undefined ? 'MATCHTAPE_NATS_TOKEN' : null,
    e.MATCHTAPE_NATS_NKEY_SEED_FILE !== undefined ? 'MATCHTAPE_NATS_NKEY_SEED_FILE' : null,
    e.MATCHTAPE_NATS_CREDS_FILE !== undefined ? 'MATCHTAPE_NATS_CREDS_FILE' : null,
  ].filter((c): c is string => c !== null);
  if (chosen.length === 0) return { problems: [] };
  const problems: string[] = [];
  if (chosen.length > 1)
    problems.push(`NATS credentials: set one way to authenticate, not ${chosen.join(' and ')}`);
  if (!e.NATS_URL)
    problems.push(
      `${chosen[0]}: NATS credentials need NATS_URL (without it the server uses the in-process bus)`,
    );
  if (e.MATCHTAPE_NATS_USER !== undefined && e.MATCHTAPE_NATS_PASSWORD === undefined)
    problems.push('MATCHTAPE_NATS_PASSWORD: must be set with MATCHTAPE_NATS_USER');
  if (e.MATCHTAPE_NATS_PASSWORD !== undefined && e.MATCHTAPE_NATS_USER === undefined)
    problems.push('MATCHTAPE_NATS_USER: must be set with MATCHTAPE_NATS_PASSWORD');
  if (problems.length > 0) return { problems };
  if (e.MATCHTAPE_NATS_USER !== undefined)
    return {
      auth: { kind: 'user', user: e.MATCHTAPE_NATS_USER, password: e.MATCHTAPE_NATS_PASSWORD! },
      problems,
    };
  if (e.MATCHTAPE_NATS_TOKEN !== undefined)
    return { auth: { kind: 'token', token: e.MATCHTAPE_NATS_TOKEN }, problems };
  if (e.MATCHTAPE_NATS_NKEY_SEED_FILE !== undefined)
    return { auth: { kind: 'nkey', seedFile: resolve(e.MATCHTAPE_NATS_NKEY_SEED_FILE) }, problems };
  return { auth: { kind: 'creds', credsFile: resolve(e.MATCHTAPE_NATS_CREDS_FILE!) }, problems };
}

export interface Config {
  /** Postgres URL, or undefined for the embedded PGlite. */
  databaseUrl?: string;
  /** NATS server(s), or undefined for the in-process bus. */
  natsUrl?: string;
  port: number;
  host: string;
  /** Absolute; holds the embedded database and the generated token secret. */
  dataDir: string;
  /** `<dataDir>/pglite`, used when databaseUrl is undefined. */
  pgliteDir: string;
  secret?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  natsStream: string;
  natsReplicas: number;
  /** NATS credentials, when the NATS server requires them. */
  natsAuth?: NatsAuthConfig;
  /**
   * Addresses of trusted reverse proxies (X-Forwarded-For is read only from them), or false: the client address
   * is the socket's, so nobody can pick their own address to dodge the per-address rate limits.
   */
  trustProxy: string[] | false;
  /** Where to write an organiser token for local tooling (`npm start`'s bot matches); unset: none is written. */
  organiserTokenFile?: string;
  /** Read models the projector keeps (MATCHTAPE_READ_MODELS); unset: all but the opt-in ones. */
  readModels?: string[];
  /** Which backends are in use, for logs and health checks. */
  mode: { store: 'postgres' | 'pglite'; bus: 'nats' | 'memory' };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const redact = (key: string, v: unknown): string => {
  if (v === undefined) return 'unset';
  if (key === 'MATCHTAPE_SECRET') return 'a secret that is too short';
  if (SECRET_KEYS.has(key)) return 'a value that is not shown';
  return JSON.stringify(v);
};

/** Reads the configuration from `env` (default process.env); throws ConfigError listing every wrong value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      return `${key}: ${i.message} (got ${redact(key, env[key])})`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const nats = natsAuthOf(e);
  if (nats.problems.length > 0) throw new ConfigError(nats.problems);
  const rawDir = e.MATCHTAPE_DATA_DIR ?? join(REPO_ROOT, '.data');
  const dataDir = isAbsolute(rawDir) ? rawDir : resolve(process.cwd(), rawDir);
  return {
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    ...(e.NATS_URL ? { natsUrl: e.NATS_URL } : {}),
    port: e.MATCHTAPE_PORT,
    host: e.MATCHTAPE_HOST,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    ...(e.MATCHTAPE_SECRET ? { secret: e.MATCHTAPE_SECRET } : {}),
    logLevel: e.MATCHTAPE_LOG_LEVEL,
    natsStream: e.MATCHTAPE_NATS_STREAM,
    natsReplicas: e.MATCHTAPE_NATS_REPLICAS,
    ...(nats.auth ? { natsAuth: nats.auth } : {}),
    trustProxy: e.MATCHTAPE_TRUST_PROXY ?? false,
    ...(e.MATCHTAPE_ORGANISER_TOKEN_FILE
      ? { organiserTokenFile: resolve(e.MATCHTAPE_ORGANISER_TOKEN_FILE) }
      : {}),
    ...(e.MATCHTAPE_READ_MODELS ? { readModels: e.MATCHTAPE_READ_MODELS } : {}),
    mode: { store: e.DATABASE_URL ? 'postgres' : 'pglite', bus: e.NATS_URL ? 'nats' : 'memory' },
  };
}

/** The configured NATS credentials with their files read (seed and .creds files stay on disk, mode 0600). */
export function busAuth(config: Pick<Config, 'natsAuth'>): NatsAuth | undefined {
  const a = config.natsAuth;
  if (!a) return undefined;
  switch (a.kind) {
    case 'user':
      return { user: a.user, pass: a.password };
    case 'token':
      return { token: a.token };
    case 'nkey':
      return { nkeySeed: new TextEncoder().encode(readFileSync(a.seedFile, 'utf8').trim()) };
    case 'creds':
      return { creds: readFileSync(a.credsFile) };
  }
}
