// Server configuration from the environment, validated once at start; every wrong value is named with a fix.
// Without DATABASE_URL / NATS_URL the server runs embedded: PGlite under <dataDir>/pglite and an in-process bus.
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const databaseUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
      error: 'must be a postgres:// URL such as postgres://user:password@127.0.0.1:5432/matchtape; unset it to use the embedded database',
    })
    .optional(),
);

const natsUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => v.split(',').every((u) => /^(nats|tls):\/\/[^\s,]+$/.test(u.trim()) && URL.canParse(u.trim())), {
      error: 'must be nats://host:port (several separated by commas for a cluster); unset it to use the in-process bus',
    })
    .optional(),
);

const intIn = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` })
      .optional()
      .transform((n) => n ?? fallback),
  ).describe(name);

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
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`); unset it to generate one under the data dir' }).optional(),
  ),
  MATCHTAPE_LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toLowerCase()) : v),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  MATCHTAPE_NATS_STREAM: z.preprocess(
    blankToUndefined,
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be letters, digits, _ or - (at most 64)' }).default('MATCHTAPE'),
  ),
  MATCHTAPE_NATS_REPLICAS: intIn('MATCHTAPE_NATS_REPLICAS', 1, 5, 1),
});

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
    mode: { store: e.DATABASE_URL ? 'postgres' : 'pglite', bus: e.NATS_URL ? 'nats' : 'memory' },
  };
}
