// Bad input matrix against the real stack (Postgres + NATS) and the embedded default (PGlite + in-process
// bus): each case gets the right status and a message saying what was wrong, and nothing is appended.
import { mintToken, type Role } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testGames, startStack, type Stack, organiser } from './server-helpers';

const registry = await testGames();
const gameIds = registry.ids();
const getGame = (id: string) => registry.get(id);

type Command = { type: string; [k: string]: unknown };

/** A fresh match, the seat to act and the idle one, their tokens, and a command only the actor may send now. */
async function openMatch(base: string) {
  const g = gameIds[0]!;
  const game = getGame(g);
  const created = await api(base, '/api/matches', {
    token: organiser(),
    body: { game: g, players: [{}, {}] },
  });
  expect(created.status).toBe(201);
  const matchId = created.json.matchId as string;
  const { p1, p2 } = created.json.seats as { p1: string; p2: string };
  const judge = mintToken({ role: 'judge', ttlSeconds: 600 });
  const state = (await api(base, `/api/matches/${matchId}/state?as=judge`, { token: judge })).json.state;
  const actor = game.actors(state)[0] as 'p1' | 'p2';
  const idle: 'p1' | 'p2' = actor === 'p1' ? 'p2' : 'p1';
  const tokens = { p1, p2 };
  const strip = ({ player: _x, ...c }: { player: string; [k: string]: unknown }) => c;
  const actorLegal = game.legalCommands(state, actor).map(strip);
  const idleLegal = new Set(game.legalCommands(state, idle).map((c) => JSON.stringify(strip(c))));
  // A command the actor may send now and the idle seat may not (conceding is usually legal for both).
  const legalBody = (actorLegal.find((c) => !idleLegal.has(JSON.stringify(c))) ?? actorLegal[0]!) as Command;
  const idleCommand = legalBody;
  expect(idleLegal.has(JSON.stringify(idleCommand)), 'found a command only the actor may send').toBe(false);
  return { matchId, judge, actor, idle, tokens, legalBody, idleCommand };
}

type Opened = Awaited<ReturnType<typeof openMatch>>;

type BadCase = {
  name: string;
  req: Parameters<typeof api>[2];
  status: number;
  error?: string;
  message: RegExp;
};

/** Every bad command request, with the status and error it must get. */
function badCases(m: Opened): BadCase[] {
  const { matchId, judge, actor, idle, tokens, legalBody, idleCommand } = m;
  const other = mintToken({ role: 'seat', matchId: 'm_other', seat: 'p1', ttlSeconds: 600 });
  const expired = mintToken(
    { role: 'seat', matchId, seat: actor, ttlSeconds: 1 },
    { now: Date.now() - 60_000 },
  );
  return [
    {
      name: 'malformed JSON',
      req: { token: tokens[actor], raw: '{"commandId": "x", "type": ' },
      status: 400,
      error: 'malformed_json',
      message: /not valid JSON/,
    },
    { name: 'empty body', req: { token: tokens[actor], raw: '' }, status: 400, message: /empty|JSON/ },
    {
      name: 'JSON array',
      req: { token: tokens[actor], body: [1, 2] },
      status: 400,
      message: /JSON object/,
    },
    {
      name: 'missing commandId',
      req: { token: tokens[actor], body: { type: legalBody.type } },
      status: 400,
      error: 'bad_request',
      message: /commandId/,
    },
    {
      name: 'unknown command',
      req: { token: tokens[actor], body: { commandId: 'u1', type: 'SummonDragonFromNowhere' } },
      status: 422,
      message: /not a valid/,
    },
    {
      name: 'wrong seat in body',
      req: { token: tokens[actor], body: { ...legalBody, commandId: 'w1', player: idle } },
      status: 403,
      error: 'wrong_seat',
      message: /cannot act for/,
    },
    {
      name: 'token of another match',
      req: { token: other, body: { ...legalBody, commandId: 'w2' } },
      status: 403,
      error: 'wrong_match',
      message: /m_other/,
    },
    {
      name: 'judge token',
      req: { token: judge, body: { ...legalBody, commandId: 'w3' } },
      status: 403,
      error: 'not_a_seat',
      message: /seat token/,
    },
    {
      name: 'missing token',
      req: { body: { ...legalBody, commandId: 't1' } },
      status: 401,
      error: 'missing_token',
      message: /Bearer/,
    },
    {
      name: 'bad token',
      req: { token: `${tokens[actor].slice(0, -3)}AAA`, body: { ...legalBody, commandId: 't2' } },
      status: 401,
      error: 'bad_token',
      message: /signature/,
    },
    {
      name: 'garbage token',
      req: { token: 'hello', body: { ...legalBody, commandId: 't3' } },
      status: 401,
      error: 'bad_token',
      message: /malformed/,
    },
    {
      name: 'bad Authorization scheme',
      req: { headers: { authorization: 'Basic abc' }, body: { ...legalBody, commandId: 't4' } },
      status: 401,
      message: /Bearer/,
    },
    {
      name: 'expired token',
      req: { token: expired, body: { ...legalBody, commandId: 't5' } },
      status: 401,
      error: 'bad_token',
      message: /expired/,
    },
    {
      name: 'out of turn',
      req: { token: tokens[idle], body: { ...idleCommand, commandId: 'o1' } },
      status: 422,
      error: 'rejected',
      message: /./,
    },
    {
      name: 'oversized body',
      req: {
        token: tokens[actor],
        raw: JSON.stringify({ ...legalBody, commandId: 'big', pad: 'x'.repeat(20_000) }),
      },
      status: 413,
      error: 'body_too_large',
      message: /limit/,
    },
    {
      name: 'unknown match',
      req: { token: tokens[actor], body: { ...legalBody, commandId: 'n1' } },
      status: 403,
      message: /not/,
    },
  ];
}

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`bad input (${kind})`, () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ kind, bots: false, bodyLimitBytes: 16 * 1024, roles: ['api'] as Role[] });
    });
    afterAll(() => stack?.cleanup());

    it('answers every bad request with the right status and appends nothing', async () => {
      const base = stack.bases[0]!;
      const m = await openMatch(base);
      const { matchId, judge, actor, idle, tokens, legalBody, idleCommand } = m;
      const url = `/api/matches/${matchId}/commands`;
      const lastSeq = async () => (await api(base, `/api/matches/${matchId}`)).json.lastSeq as number;
      const before = await lastSeq();

      for (const c of badCases(m)) {
        const r = await api(base, c.name === 'unknown match' ? '/api/matches/m_nope/commands' : url, c.req);
        expect(r.status, `${c.name}: ${r.text}`).toBe(c.status);
        if (c.error) expect(r.json?.error, c.name).toBe(c.error);
        const message = (r.json?.message ?? r.json?.reason) as string;
        expect(message, `${c.name} has a message`).toMatch(c.message);
        expect(await lastSeq(), `${c.name} appended nothing`).toBe(before);
      }
      // The out-of-turn rejection cites a rule and is kept for judges.
      const rejections = (await api(base, `/api/matches/${matchId}/rejections`, { token: judge })).json
        .rejections as { commandId: string; rule: string }[];
      expect(rejections.find((r) => r.commandId === 'o1')?.rule).toMatch(/\S/);
      expect(rejections.find((r) => r.commandId === 'u1')?.rule).toBe('command');

      // A replayed commandId returns the first outcome and never appends twice.
      const ok = await api(base, url, { token: tokens[actor], body: { ...legalBody, commandId: 'r1' } });
      expect(ok.status).toBe(200);
      const after = await lastSeq();
      expect(after).toBeGreaterThan(before);
      const replay = await api(base, url, { token: tokens[actor], body: { ...legalBody, commandId: 'r1' } });
      expect(replay.json).toMatchObject({
        status: 'accepted',
        fromSeq: ok.json.fromSeq,
        toSeq: ok.json.toSeq,
        replayed: true,
      });
      expect(await lastSeq()).toBe(after);
      const replayedRejection = await api(base, url, {
        token: tokens[idle],
        body: { ...idleCommand, commandId: 'o1' },
      });
      expect(replayedRejection.status).toBe(422);
      expect(replayedRejection.json.replayed).toBe(true);
      expect(await lastSeq()).toBe(after);

      // Views the token does not grant.
      expect((await api(base, `/api/matches/${matchId}/events?as=judge`)).status).toBe(403);
      expect(
        (await api(base, `/api/matches/${matchId}/state?as=${idle}`, { token: tokens[actor] })).status,
      ).toBe(403);
      expect((await api(base, `/api/matches/${matchId}/live?as=judge`)).status).toBe(403);
      expect((await api(base, `/api/matches/${matchId}/events?as=wizard`)).status).toBe(400);
      expect((await api(base, `/api/matches/${matchId}/rejections`)).status).toBe(403);
    });
  });
}
