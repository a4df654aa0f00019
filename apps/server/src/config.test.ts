import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded mode on port 4000 with data under .data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      logLevel: 'info',
      natsStream: 'MATCHTAPE',
      natsReplicas: 1,
    });
    expect(c.mode).toEqual({ store: 'pglite', bus: 'memory' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.natsUrl).toBeUndefined();
    expect(isAbsolute(c.dataDir)).toBe(true);
    expect(c.dataDir.endsWith('.data')).toBe(true);
    expect(c.pgliteDir).toBe(join(c.dataDir, 'pglite'));
  });

  it('uses Postgres and NATS when their URLs are set', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      NATS_URL: 'nats://n1:4222, nats://n2:4222',
      MATCHTAPE_PORT: '8080',
      MATCHTAPE_DATA_DIR: '/var/lib/matchtape',
      MATCHTAPE_SECRET: 'x'.repeat(32),
      MATCHTAPE_LOG_LEVEL: 'DEBUG',
      MATCHTAPE_NATS_REPLICAS: '3',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      natsUrl: 'nats://n1:4222, nats://n2:4222',
      port: 8080,
      dataDir: '/var/lib/matchtape',
      pgliteDir: '/var/lib/matchtape/pglite',
      secret: 'x'.repeat(32),
      logLevel: 'debug',
      natsReplicas: 3,
      mode: { store: 'postgres', bus: 'nats' },
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', NATS_URL: ' ', MATCHTAPE_PORT: '' })).toMatchObject({
      port: 4000,
      mode: { store: 'pglite', bus: 'memory' },
    });
  });

  it('names every wrong value with what to do, and never echoes a secret', () => {
    let err: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'http://localhost:4222',
        MATCHTAPE_PORT: '70000',
        MATCHTAPE_SECRET: 'short-secret',
        MATCHTAPE_LOG_LEVEL: 'loud',
        MATCHTAPE_NATS_REPLICAS: 'three',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toHaveLength(6);
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(
      /postgres:\/\/ URL.*got "mysql:\/\/x"/,
    );
    expect(problems.find((p) => p.startsWith('NATS_URL'))).toMatch(/nats:\/\/host:port/);
    expect(problems.find((p) => p.startsWith('MATCHTAPE_PORT'))).toMatch(/1 to 65535.*got "70000"/);
    expect(problems.find((p) => p.startsWith('MATCHTAPE_LOG_LEVEL'))).toMatch(/one of fatal, error/);
    expect(problems.find((p) => p.startsWith('MATCHTAPE_NATS_REPLICAS'))).toMatch(/whole number/);
    expect((err as Error).message).not.toContain('short-secret');
    expect((err as Error).message).toMatch(/MATCHTAPE_SECRET: must be at least 32 characters/);
  });

  it('rejects a non-numeric port', () => {
    expect(() => loadConfig({ MATCHTAPE_PORT: '40a0' })).toThrow(
      /MATCHTAPE_PORT: must be a whole number from 1 to 65535 \(got "40a0"\)/,
    );
  });

  it('trusts no proxy by default and validates the proxy list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(
      loadConfig({ MATCHTAPE_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of [
      'true',
      '*',
      'everyone',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.1/8/8',
      '300.1.1.1',
      'example.com',
    ]) {
      expect(() => loadConfig({ MATCHTAPE_TRUST_PROXY: bad }), bad).toThrow(
        /MATCHTAPE_TRUST_PROXY: must be the addresses of your reverse proxies/,
      );
    }
  });

  it('takes an organiser token file as an absolute path', () => {
    expect(loadConfig({}).organiserTokenFile).toBeUndefined();
    const c = loadConfig({ MATCHTAPE_ORGANISER_TOKEN_FILE: 'tmp/organiser-token' });
    expect(isAbsolute(c.organiserTokenFile!)).toBe(true);
  });

  it('takes the read models to keep by name and names the known ones when one is wrong', () => {
    expect(loadConfig({}).readModels).toBeUndefined();
    expect(loadConfig({ MATCHTAPE_READ_MODELS: 'timeline, knowledge' }).readModels).toEqual([
      'timeline',
      'knowledge',
    ]);
    expect(() => loadConfig({ MATCHTAPE_READ_MODELS: 'timeline,knowlege' })).toThrow(
      /MATCHTAPE_READ_MODELS: must be read model names separated by commas, from: match-list, timeline, stats, knowledge/,
    );
  });
});
