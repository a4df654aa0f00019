// NATS with credentials: a real nats-server on a free loopback port, started with infra/nats/auth.conf (user and
// password), a token and an nkey user. The server's own path is exercised: environment → loadConfig → busAuth →
// openBus. Right credentials publish and receive; wrong or missing ones fail at start with a clear message that
// never echoes the password.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BusUnavailableError, openBus, subjects, type Bus } from '@matchtape/bus';
import { busAuth, loadConfig } from '@matchtape/server';
import { nkeys } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateNats } from './helpers/nats-server';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'matchtape-nats-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the bus the way main.ts does, from environment variables. */
async function openFromEnv(env: Record<string, string>): Promise<Bus> {
  const config = loadConfig(env);
  const auth = busAuth(config);
  return openBus({
    natsUrl: config.natsUrl!,
    stream: `AUTH_${randomBytes(4).toString('hex')}`,
    ...(auth ? { auth } : {}),
  });
}

async function roundTrip(bus: Bus): Promise<void> {
  const got: unknown[] = [];
  const matchId = `m_${randomBytes(4).toString('hex')}`;
  const sub = await bus.subscribe(subjects.public(matchId), (m) => void got.push(m.data), {
    fromStreamSeq: 1,
  });
  await bus.publish(subjects.public(matchId), { seq: 1 }, { msgId: `${matchId}:1:public` });
  for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  await sub.stop();
  expect(got).toEqual([{ seq: 1 }]);
}

async function refused(env: Record<string, string>, secret?: string): Promise<void> {
  const err = await openFromEnv(env).then(
    async (bus) => {
      await bus.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BusUnavailableError);
  expect((err as Error).message).toMatch(/refused the credentials/);
  if (secret) expect((err as Error).message).not.toContain(secret);
}

describe('NATS with user and password (infra/nats/auth.conf)', () => {
  let nats: PrivateNats;
  // A letter first: nats-server reads an environment value starting with a digit as a number and refuses the
  // config (infra/nats/auth.conf says so); a bare hex password failed this test whenever it began with 0–9.
  const password = `p${randomBytes(12).toString('hex')}`;
  beforeAll(async () => {
    // auth.conf reads the user and password from the environment, like the Matchtape server.
    process.env.MATCHTAPE_NATS_USER = 'matchtape';
    process.env.MATCHTAPE_NATS_PASSWORD = password;
    nats = await PrivateNats.start({ configFile: join(ROOT, 'infra/nats/auth.conf') });
  });
  afterAll(async () => {
    delete process.env.MATCHTAPE_NATS_USER;
    delete process.env.MATCHTAPE_NATS_PASSWORD;
    await nats?.destroy();
  });

  it('connects with the right credentials and publishes and receives', async () => {
    const bus = await openFromEnv({
      NATS_URL: nats.url,
      MATCHTAPE_NATS_USER: 'matchtape',
      MATCHTAPE_NATS_PASSWORD: password,
    });
    try {
      await roundTrip(bus);
    } finally {
      await bus.close();
    }
  });

  it('fails clearly with a wrong password, an unknown user or none, and never echoes the password', async () => {
    await refused(
      { NATS_URL: nats.url, MATCHTAPE_NATS_USER: 'matchtape', MATCHTAPE_NATS_PASSWORD: 'wrong-password-123' },
      'wrong-password-123',
    );
    await refused(
      { NATS_URL: nats.url, MATCHTAPE_NATS_USER: 'mallory', MATCHTAPE_NATS_PASSWORD: password },
      password,
    );
    await refused({ NATS_URL: nats.url });
  });
});

describe('NATS with a token', () => {
  let nats: PrivateNats;
  const token = randomBytes(16).toString('hex');
  beforeAll(async () => {
    const conf = join(dir, 'token.conf');
    writeFileSync(conf, `authorization { token: "${token}" }\n`);
    nats = await PrivateNats.start({ configFile: conf });
  });
  afterAll(() => nats?.destroy());

  it('works with the token and fails clearly without it', async () => {
    const bus = await openFromEnv({ NATS_URL: nats.url, MATCHTAPE_NATS_TOKEN: token });
    try {
      await roundTrip(bus);
    } finally {
      await bus.close();
    }
    await refused({ NATS_URL: nats.url, MATCHTAPE_NATS_TOKEN: 'not-the-token' }, 'not-the-token');
  });
});

describe('NATS with an nkey user', () => {
  let nats: PrivateNats;
  const user = nkeys.createUser();
  const seedFile = join(dir, 'server.nk');
  const strangerFile = join(dir, 'stranger.nk');
  beforeAll(async () => {
    const conf = join(dir, 'nkey.conf');
    writeFileSync(conf, `authorization { users = [ { nkey: ${user.getPublicKey()} } ] }\n`);
    writeFileSync(seedFile, new TextDecoder().decode(user.getSeed()) + '\n', { mode: 0o600 });
    writeFileSync(strangerFile, new TextDecoder().decode(nkeys.createUser().getSeed()) + '\n', {
      mode: 0o600,
    });
    chmodSync(seedFile, 0o600);
    nats = await PrivateNats.start({ configFile: conf });
  });
  afterAll(() => nats?.destroy());

  it('signs in with the seed file and refuses another key', async () => {
    const bus = await openFromEnv({ NATS_URL: nats.url, MATCHTAPE_NATS_NKEY_SEED_FILE: seedFile });
    try {
      await roundTrip(bus);
    } finally {
      await bus.close();
    }
    await refused({ NATS_URL: nats.url, MATCHTAPE_NATS_NKEY_SEED_FILE: strangerFile });
  });
});

describe('NATS credential settings', () => {
  it('are validated: one way at a time, user with password, files that exist, and only with NATS_URL', () => {
    const url = 'nats://127.0.0.1:4222';
    expect(() => loadConfig({ NATS_URL: url, MATCHTAPE_NATS_USER: 'a' })).toThrow(
      /MATCHTAPE_NATS_PASSWORD: must be set with MATCHTAPE_NATS_USER/,
    );
    expect(() =>
      loadConfig({
        NATS_URL: url,
        MATCHTAPE_NATS_TOKEN: 't',
        MATCHTAPE_NATS_USER: 'a',
        MATCHTAPE_NATS_PASSWORD: 'b',
      }),
    ).toThrow(/set one way to authenticate/);
    expect(() =>
      loadConfig({ NATS_URL: url, MATCHTAPE_NATS_NKEY_SEED_FILE: join(dir, 'missing.nk') }),
    ).toThrow(/MATCHTAPE_NATS_NKEY_SEED_FILE: must be the path of a readable file/);
    expect(() => loadConfig({ MATCHTAPE_NATS_TOKEN: 't' })).toThrow(/need NATS_URL/);
    const secretShown = (() => {
      try {
        loadConfig({ NATS_URL: url, MATCHTAPE_NATS_TOKEN: 'x'.repeat(2000) });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(secretShown).toMatch(/MATCHTAPE_NATS_TOKEN/);
    expect(secretShown).not.toContain('x'.repeat(50));
    expect(
      loadConfig({ NATS_URL: url, MATCHTAPE_NATS_USER: 'a', MATCHTAPE_NATS_PASSWORD: 'b' }).natsAuth,
    ).toEqual({ kind: 'user', user: 'a', password: 'b' });
  });
});
