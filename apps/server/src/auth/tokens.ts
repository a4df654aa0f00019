// Signed tokens (HMAC-SHA256). A token says who the bearer is for one match (a seat) or for all matches
// (judge, coverage, operator-issued public links, organisers who create matches). The server never trusts a
// role from a query string or a body: only a token it signed itself.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * `organiser` may create matches (and is otherwise a spectator); it is never bound to one match. `ops` reads the
 * health details and metrics and nothing more: watching a match it is a spectator, so handing an ops token to a
 * monitoring system shows it no hidden card (a judge token would show them all).
 */
export const TokenRoleSchema = z.enum(['seat', 'judge', 'coverage', 'public', 'organiser', 'ops']);
export type TokenRole = z.infer<typeof TokenRoleSchema>;

export const TokenClaimsSchema = z
  .object({
    role: TokenRoleSchema,
    /** Absent: valid for every match (judge / coverage tokens issued by an operator). */
    matchId: z.string().min(1).optional(),
    /** Seat tokens only: p1, p2, … */
    seat: z
      .string()
      .regex(/^p[1-9][0-9]*$/)
      .optional(),
    /** Issued-at and expiry, seconds since the epoch. */
    iat: z.number().int(),
    exp: z.number().int(),
    /** Random id so two tokens minted in the same second differ (rate limits are per token). */
    jti: z.string().min(8),
  })
  .strict();
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export interface MintInput {
  role: TokenRole;
  matchId?: string;
  seat?: string;
  ttlSeconds: number;
}

export type Verified = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

let currentSecret: Buffer | null = null;

/** Sets the key tokens are signed with; `loadOrCreateSecret` calls it. */
export function setTokenSecret(secret: string | Buffer): void {
  const b = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  if (b.length < 16)
    throw new Error('the token secret must be at least 16 bytes; set MATCHTAPE_SECRET to a longer value');
  currentSecret = b;
}

function secretOrThrow(explicit?: string | Buffer): Buffer {
  if (explicit !== undefined) return typeof explicit === 'string' ? Buffer.from(explicit, 'utf8') : explicit;
  if (!currentSecret) throw new Error('no token secret loaded: call loadOrCreateSecret(config) first');
  return currentSecret;
}

/** What `loadOrCreateSecret` needs from the server config (structural, so the CLI can pass its own). */
export interface SecretConfig {
  /** MATCHTAPE_SECRET, when set. */
  secret?: string | null;
  /** Directory of the embedded default's data (`.data`); the generated secret is kept at <dataDir>/secret. */
  dataDir?: string | null;
}

/**
 * The signing secret: MATCHTAPE_SECRET when configured, else the one kept under `<dataDir>/secret`
 * (generated on first use, mode 0600), so tokens survive restarts of the embedded default.
 */
export function loadOrCreateSecret(config: SecretConfig = {}): string {
  const fromEnv = config.secret ?? process.env.MATCHTAPE_SECRET;
  if (fromEnv) {
    setTokenSecret(fromEnv);
    return fromEnv;
  }
  const file = join(config.dataDir ?? '.data', 'secret');
  let secret: string;
  if (existsSync(file)) {
    secret = readFileSync(file, 'utf8').trim();
  } else {
    secret = randomBytes(32).toString('hex');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, secret + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  setTokenSecret(secret);
  return secret;
}

function sign(body: string, key: Buffer): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function mintToken(input: MintInput, opts: { secret?: string | Buffer; now?: number } = {}): string {
  if (input.role === 'seat' && (!input.seat || !input.matchId))
    throw new Error('a seat token needs both matchId and seat (p1, p2, …)');
  if (input.role !== 'seat' && input.seat) throw new Error(`a ${input.role} token has no seat`);
  if (input.role === 'organiser' && input.matchId)
    throw new Error('an organiser token creates matches, so it cannot be bound to one match');
  if (input.role === 'ops' && input.matchId)
    throw new Error('an ops token is for the instance (health, metrics), so it cannot be bound to one match');
  if (!(input.ttlSeconds > 0)) throw new Error('ttlSeconds must be positive');
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  const claims: TokenClaims = TokenClaimsSchema.parse({
    role: input.role,
    ...(input.matchId ? { matchId: input.matchId } : {}),
    ...(input.seat ? { seat: input.seat } : {}),
    iat,
    exp: iat + Math.ceil(input.ttlSeconds),
    jti: randomBytes(9).toString('base64url'),
  });
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `mt1.${body}.${sign(body, secretOrThrow(opts.secret))}`;
}

export function verifyToken(token: string, opts: { secret?: string | Buffer; now?: number } = {}): Verified {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'mt1')
    return { ok: false, reason: 'malformed token: expected mt1.<claims>.<signature>' };
  const [, body, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(body, secretOrThrow(opts.secret)), 'utf8');
  const given = Buffer.from(mac, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'token signature is invalid (wrong server secret or altered token)' };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed token claims' };
  }
  const parsed = TokenClaimsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'malformed token claims' };
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (parsed.data.exp <= now)
    return {
      ok: false,
      reason: `token expired at ${new Date(parsed.data.exp * 1000).toISOString()}; ask for a new one`,
    };
  return { ok: true, claims: parsed.data };
}
