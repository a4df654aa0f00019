// Limits of the store, hit for real:
//   - an event larger than the configured maximum is refused with a clear error; nothing is written and the
//     match goes on (Postgres and PGlite);
//   - the disk under the events table fills up (a 4 MiB tmpfs tablespace on a private Postgres, filled by
//     another table): the command fails with 503 store_full and a message saying so, nothing is half-written,
//     and once space is freed the same request (same commandId) succeeds. Mounting the tmpfs needs root;
//     elsewhere the test is skipped locally and fails in CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '@matchtape/games';
import { Rng, type PlayerId } from '@matchtape/engine';
import { EngineHost, mintToken, registryOf, setTokenSecret } from '@matchtape/server';
import { EventTooLargeError, openStore, verifyStoredMatch } from '@matchtape/store';
import { openTestStore, sampleEvents, sampleMatch, uniqueName } from '@matchtape/store/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call, PrivatePostgres, startServerProcess, TEST_SECRET } from './helpers';

describe.each(['pglite', 'postgres'] as const)('an oversized event on %s', (kind) => {
  it('is refused with a clear error; the match is unchanged and goes on', async () => {
    const t = await openTestStore(kind);
    try {
      const store = t.store;
      const id = uniqueName('big');
      await store.createMatch(sampleMatch(id));
      await store.appendToStream(id, 0, sampleEvents(3));
      const huge = { ...sampleEvents(1, 4)[0]!, payload: { blob: 'x'.repeat(store.maxEventBytes) } };
      const err = await store
        .appendToStream(id, 3, [sampleEvents(1, 4)[0]!, huge], {
          command: { player: 'p1', commandId: 'big', body: '{}' },
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EventTooLargeError);
      expect((err as Error).message).toMatch(
        /over the store's limit of 1048576; nothing was written and the match is unchanged/,
      );
      expect((await store.readStream(id)).map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await store.commandBody(id, 'p1', 'big')).toBeNull();
      await store.appendToStream(id, 3, sampleEvents(1, 4));
      expect(await verifyStoredMatch(store, id)).toEqual({ ok: true });
    } finally {
      await t.cleanup();
    }
  });
});

const canMount = process.getuid?.() === 0;

describe('a full disk under the events table', () => {
  it.runIf(canMount || process.env.CI === 'true')(
    'fails the command with 503 store_full, writes nothing half, and recovers when space is freed',
    async () => {
      setTokenSecret(TEST_SECRET);
      const registry = registryOf(games);
      const pgp = await PrivatePostgres.create();
      const small = join(pgp.dir, 'small');
      mkdirSync(small);
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', small], {
        encoding: 'utf8',
      });
      if (mounted.status !== 0)
        throw new Error(`cannot mount a 4 MiB tmpfs for the tablespace (needs root): ${mounted.stderr}`);
      spawnSync('chown', ['postgres:', small]);
      const server = await startServerProcess({ databaseUrl: pgp.url, roles: 'api' }).catch(
        async (e: unknown) => {
          spawnSync('umount', [small]);
          await pgp.destroy();
          throw e;
        },
      );
      const admin = new pg.Client({ connectionString: pgp.url });
      await admin.connect();
      const store = await openStore({ databaseUrl: pgp.url, migrate: false, poolSize: 2 });
      try {
        await admin.query(`create tablespace small location '${small}'`);
        for (const t of ['events', 'command_bodies'])
          await admin.query(`alter table ${t} set tablespace small`);
        const created = await call(server.base, '/api/matches', {
          token: mintToken({ role: 'organiser', ttlSeconds: 600 }),
          body: { game: registry.ids()[0], players: [{ name: 'Ann' }, { name: 'Bob' }] },
        });
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        const matchId: string = created.json.matchId;
        const seats: Record<PlayerId, string> = created.json.seats;

        // Fill the tablespace with another table until Postgres says the disk is full.
        await admin.query('create table filler (x text) tablespace small');
        let full = false;
        for (let i = 0; i < 200 && !full; i++) {
          try {
            await admin.query(
              `insert into filler select repeat(md5(random()::text), 30) from generate_series(1, 500)`,
            );
          } catch (e) {
            expect((e as { code?: string }).code).toBe('53100');
            full = true;
          }
        }
        expect(full).toBe(true);

        // Play until an append needs a new page of the events table and cannot have one.
        let refused: {
          commandId: string;
          player: PlayerId;
          body: Record<string, unknown>;
          json: Record<string, unknown>;
        } | null = null;
        for (let i = 0; i < 300 && !refused; i++) {
          const { game, state } = await new EngineHost(store, registry).current(matchId);
          expect(game.status(state).status).not.toBe('ended');
          const player = game.actors(state)[0] as PlayerId;
          const { player: _p, ...cmd } = game.bots.random.choose(
            state,
            player,
            game.legalCommands(state, player),
            new Rng(`full-${i}`),
          );
          const body = { ...cmd, commandId: `full-${i}` };
          const r = await call(server.base, `/api/matches/${matchId}/commands`, {
            token: seats[player],
            body,
          });
          if (r.status === 200) continue;
          expect(r.status, JSON.stringify(r.json)).toBe(503);
          refused = { commandId: body.commandId, player, body, json: r.json };
        }
        expect(refused).not.toBeNull();
        expect(refused!.json).toMatchObject({ error: 'store_full' });
        expect(String(refused!.json.message)).toMatch(/out of disk space; nothing was written/);
        // Nothing half-written: no event and no body of the refused command; the chain verifies.
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from events where match_id = ${matchId} and cause->>'commandId' = ${refused!.commandId}`.execute(
          store.db,
        );
        expect(rows[0]!.n).toBe(0);
        expect(await store.commandBody(matchId, refused!.player, refused!.commandId)).toBeNull();
        expect(await verifyStoredMatch(store, matchId)).toEqual({ ok: true });

        // An operator frees space: the same request goes through.
        await admin.query('drop table filler');
        const retried = await call(server.base, `/api/matches/${matchId}/commands`, {
          token: seats[refused!.player],
          body: refused!.body,
        });
        expect(retried.status, JSON.stringify(retried.json)).toBe(200);
        expect(retried.json).toMatchObject({ status: 'accepted', replayed: false });
        expect(await verifyStoredMatch(store, matchId)).toEqual({ ok: true });
      } finally {
        await store.close().catch(() => undefined);
        await admin.end().catch(() => undefined);
        await server.stop();
        await pgp.stop('immediate').catch(() => undefined);
        spawnSync('umount', [small]);
        await pgp.destroy();
      }
    },
    300_000,
  );
});
