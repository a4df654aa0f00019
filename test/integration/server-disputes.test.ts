// Disputes, knowledge, diff and the case file through a real server on Postgres + NATS JetStream, one scripted
// dispute per game: the players act (one seat sends a command out of turn and is refused under a rule), p1 calls
// a judge at a seq, the judge reads who knew what there (checked against the truth computed here by hand from
// the judge state), diffs two moments, attaches evidence and rules; the ruling arrives live on p1's SSE and never
// on a spectator's; the case file carries the claim, the window, the rejection and the verification.
import { fold, type AnyGameModule, type Command, type EventEnvelope, type PlayerId } from '@matchtape/engine';
import { mintToken } from '@matchtape/server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from '../../apps/cli/src/testing';
import { openSse, type SseMessage } from '../../apps/server/src/testing/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organiser, startStack, testGames, type Stack } from './server-helpers';

const registry = await testGames();
let stack: Stack;
let judge: string;
beforeAll(async () => {
  stack = await startStack({ bots: false });
  judge = mintToken({ role: 'judge', ttlSeconds: 3600 });
}, 60_000);
afterAll(() => stack?.cleanup());

/** Cards (by id) of a seat's hand in a state, wherever the game keeps it (players.<seat>.hand). */
function handOf(state: unknown, seat: string): string[] {
  const hand = (state as { players: Record<string, { hand?: { id: string }[] }> }).players[seat]?.hand ?? [];
  return hand.map((c) => c.id).sort();
}

/** Waits (bounded by the test timeout) until `pred` holds over the collected messages. */
async function until(msgs: SseMessage[], pred: (m: SseMessage[]) => boolean): Promise<void> {
  while (!pred(msgs)) await new Promise((r) => setTimeout(r, 25));
}

/** One dispute's match: where it is served, its game, seats, its events and the seq the dispute is about. */
type Disputed = {
  base: string;
  game: AnyGameModule;
  matchId: string;
  seats: Record<string, string>;
  all: EventEnvelope[];
  atSeq: number;
};

/** Creates a match and plays a few legal commands; once, the seat that may not act is refused. */
async function playOpening(base: string, g: string): Promise<Disputed> {
  const game: AnyGameModule = registry.get(g);
  const created = await api(base, '/api/matches', {
    token: organiser(),
    body: { game: g, players: [{ name: 'Ann' }, { name: 'Bob' }] },
  });
  expect(created.status).toBe(201);
  const matchId = created.json.matchId as string;
  const seats = created.json.seats as Record<string, string>;
  const events = async () =>
    (await api(base, `/api/matches/${matchId}/events`, { token: judge })).json.events as EventEnvelope[];

  // Play a few legal commands; once, the seat that may not act sends the actor's command and is refused.
  let refused = false;
  for (let i = 0; i < 6; i++) {
    const state = fold(game, await events());
    const actor = game.actors(state)[0] as PlayerId | undefined;
    if (!actor) break;
    const cmd = game.legalCommands(state, actor).find((c: Command) => !/concede/i.test(c.type)) as
      Command | undefined;
    if (!cmd) break;
    const { player: _p, ...body } = cmd;
    if (!refused) {
      const other = actor === 'p1' ? 'p2' : 'p1';
      const r = await api(base, `/api/matches/${matchId}/commands`, {
        token: seats[other],
        body: { ...body, commandId: `bad-${i}` },
      });
      if (r.status === 422) refused = true;
    }
    const ok = await api(base, `/api/matches/${matchId}/commands`, {
      token: seats[actor],
      body: { ...body, commandId: `c-${i}` },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  }
  expect(refused).toBe(true);
  const all = await events();
  const atSeq = all.length;
  return { base, game, matchId, seats, all, atSeq };
}

/** Who may open a dispute (not a spectator, not coverage, not past the end), then p1 opens it. */
async function openDispute({ base, matchId, seats, atSeq }: Disputed): Promise<void> {
  // Who may open: not a spectator, not another match's seat, not a seq past the end.
  const claim = { atSeq, claim: 'Bob looked at my hand', against: 'p2' };
  expect((await api(base, `/api/matches/${matchId}/disputes`, { body: claim })).status).toBe(403);
  const coverage = mintToken({ role: 'coverage', ttlSeconds: 600 });
  expect(
    (await api(base, `/api/matches/${matchId}/disputes`, { body: claim, token: coverage })).json.error,
  ).toBe('not_a_judge_or_player');
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes`, {
        body: { ...claim, atSeq: atSeq + 5 },
        token: seats.p1,
      })
    ).json.error,
  ).toBe('bad_seq');
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes`, {
        body: { atSeq: 1, claim: '' },
        token: seats.p1,
      })
    ).status,
  ).toBe(400);
  expect((await api(base, `/api/matches/${matchId}/disputes`, { token: judge })).json.disputes).toEqual([]);

  const opened = await api(base, `/api/matches/${matchId}/disputes`, { body: claim, token: seats.p1 });
  expect(opened.status).toBe(201);
  expect(opened.json.dispute).toMatchObject({
    disputeId: 'd1',
    atSeq,
    status: 'open',
    openedBy: { role: 'seat', seat: 'p1' },
  });
}

/** Who knew what at the seq, and the diff from seq 1 to it. */
async function expectKnowledgeAndDiff({ base, game, matchId, seats, all, atSeq }: Disputed): Promise<void> {
  // Who knew what at the seq: hand-computed from the judge state — each seat sees its own hand, not the other's.
  expect(
    (await api(base, `/api/matches/${matchId}/knowledge?seq=${atSeq}`, { token: seats.p1 })).status,
  ).toBe(403);
  expect((await api(base, `/api/matches/${matchId}/knowledge?seq=${atSeq}`)).status).toBe(401);
  const k = await api(base, `/api/matches/${matchId}/knowledge?seq=${atSeq}`, { token: judge });
  expect(k.status).toBe(200);
  const truth = fold(game, all.slice(0, atSeq));
  for (const [me, them] of [
    ['p1', 'p2'],
    ['p2', 'p1'],
  ] as const) {
    const mine = k.json.players.find((p: { player: string }) => p.player === me);
    const zone = (z: string) =>
      mine.zones.find((x: { zone: string }) => x.zone === z) ?? {
        visible: [],
        unknown: [],
        remembered: [],
      };
    const ids = (xs: { id: string }[]) => xs.map((x) => x.id).sort();
    expect(ids(zone(`players.${me}.hand`).visible)).toEqual(handOf(truth, me));
    const theirs = zone(`players.${them}.hand`);
    expect(ids([...theirs.unknown, ...theirs.visible, ...theirs.remembered])).toEqual(handOf(truth, them));
    // Nothing of the opponent's hand is known without a reveal in these opening events…
    expect(
      ids(theirs.visible).filter(
        (id) =>
          !all.slice(0, atSeq).some((e) => /reveal/i.test(e.type) && JSON.stringify(e.payload).includes(id)),
      ),
    ).toEqual([]);
  }

  // Diff: from seq 1 to the dispute, as a list of changes; a seq past the end is a 400.
  const d = await api(base, `/api/matches/${matchId}/diff?from=1&to=${atSeq}`, { token: judge });
  expect(d.status).toBe(200);
  expect(d.json.items.length).toBeGreaterThan(0);
  for (const item of d.json.items) expect(typeof item.text).toBe('string');
  expect(
    (await api(base, `/api/matches/${matchId}/diff?from=1&to=${atSeq + 9}`, { token: judge })).json.error,
  ).toBe('bad_seq');
  expect((await api(base, `/api/matches/${matchId}/diff?from=1`, { token: judge })).status).toBe(400);
  expect(
    (await api(base, `/api/matches/${matchId}/diff?from=${atSeq}&to=${atSeq}`, { token: judge })).json.items,
  ).toEqual([]);
}

/** Evidence by the player and the judge; only the judge rules. */
async function attachEvidenceAndRule({ base, matchId, seats, atSeq }: Disputed): Promise<void> {
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d1/evidence`, {
        body: { note: 'it was after my draw', seq: 1, toSeq: atSeq },
        token: seats.p1,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d1/ruling`, {
        body: { ruling: 'no' },
        token: seats.p1,
      })
    ).json.error,
  ).toBe('judges_only');
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d9/ruling`, {
        body: { ruling: 'no' },
        token: judge,
      })
    ).status,
  ).toBe(404);
  const ruled = await api(base, `/api/matches/${matchId}/disputes/d1/ruling`, {
    body: { ruling: 'No infraction: p2 saw only public cards', rule: '710.1', remedy: 'none' },
    token: judge,
  });
  expect(ruled.status).toBe(201);
  expect(ruled.json.dispute.status).toBe('ruled');
}

/** Close; then nothing more. */
async function closeDispute({ base, matchId, seats }: Disputed): Promise<void> {
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d1/close`, {
        body: { note: 'done' },
        token: judge,
      })
    ).json.dispute.status,
  ).toBe('closed');
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d1/ruling`, {
        body: { ruling: 'again' },
        token: judge,
      })
    ).json.error,
  ).toBe('dispute_closed');
  expect(
    (
      await api(base, `/api/matches/${matchId}/disputes/d1/evidence`, {
        body: { note: 'late' },
        token: seats.p2,
      })
    ).status,
  ).toBe(409);
}

/** The case file: JSON and printable HTML, judges only; the same file from the command line. */
async function expectCaseFile({ base, matchId, seats, atSeq }: Disputed): Promise<void> {
  expect((await api(base, `/api/matches/${matchId}/disputes/d1/case`, { token: seats.p1 })).status).toBe(403);
  const c = await api(base, `/api/matches/${matchId}/disputes/d1/case?window=100`, { token: judge });
  expect(c.status).toBe(200);
  expect(c.json).toMatchObject({
    kind: 'matchtape-dispute-case',
    dispute: { claim: 'Bob looked at my hand', status: 'closed' },
    window: { toSeq: atSeq },
    verification: { ok: true },
  });
  expect(c.json.events.find((e: { pinned: boolean }) => e.pinned).seq).toBe(atSeq);
  expect(Object.keys(c.json.perspectives).sort()).toEqual(['judge', 'p1', 'p2']);
  expect(c.json.rejections.length).toBeGreaterThan(0);
  expect(c.json.rejections[0].rule).toBeTruthy();
  const html = await api(base, `/api/matches/${matchId}/disputes/d1/case?format=html`, { token: judge });
  expect(html.status).toBe(200);
  expect(html.text).toContain('Bob looked at my hand');
  expect(html.text).toContain('No infraction');
  expect(html.text).not.toContain('<script');
  // The same file from the command line.
  const tmp = tempDir();
  try {
    const r = await cli(
      [
        'case',
        '--match',
        matchId,
        '--dispute',
        'd1',
        '--format',
        'html',
        '--api',
        base,
        '--token',
        judge,
        '--out',
        'case.html',
      ],
      tmp.dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(tmp.dir, 'case.html'), 'utf8')).toContain('Bob looked at my hand');
    const refused = await cli(
      ['case', '--match', matchId, '--dispute', 'd1', '--api', base, '--token', seats.p1!],
      tmp.dir,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('403');
  } finally {
    tmp.cleanup();
  }
}

describe('disputes through the server (Postgres + NATS)', () => {
  for (const g of registry.ids()) {
    it(`${g}: a player calls a judge; knowledge, diff, ruling live on the player's SSE, case file`, async () => {
      const d = await playOpening(stack.bases[0]!, g);
      const { base, matchId, seats } = d;

      // Listen as p1 and as a spectator before the dispute exists.
      const p1Frames: SseMessage[] = [];
      const publicFrames: SseMessage[] = [];
      const p1Sse = await openSse(`${base}/api/matches/${matchId}/live`, (m) => p1Frames.push(m), {
        token: seats.p1,
      });
      const pubSse = await openSse(`${base}/api/matches/${matchId}/live`, (m) => publicFrames.push(m));
      expect(p1Sse.status).toBe(200);

      await openDispute(d);
      await expectKnowledgeAndDiff(d);
      await attachEvidenceAndRule(d);

      // The ruling reaches p1 live; the spectator gets no dispute frame at all.
      await until(p1Frames, (ms) =>
        ms.some((m) => m.event === 'dispute' && JSON.parse(m.data).type === 'RulingRecorded'),
      );
      const frames = p1Frames
        .filter((m) => m.event === 'dispute')
        .map((m) => JSON.parse(m.data) as { type: string; payload: { ruling?: string } });
      expect(frames.map((f) => f.type)).toEqual(['DisputeOpened', 'EvidenceAttached', 'RulingRecorded']);
      expect(frames[2]!.payload.ruling).toBe('No infraction: p2 saw only public cards');
      // The spectator's stream is the same connection order; its match frames arrived, dispute frames never.
      expect(publicFrames.length).toBeGreaterThan(0);
      expect(publicFrames.some((m) => m.event === 'dispute')).toBe(false);
      expect((await api(base, `/api/matches/${matchId}/disputes`)).status).toBe(403);
      expect(
        (await api(base, `/api/matches/${matchId}/disputes`, { token: seats.p2 })).json.disputes,
      ).toHaveLength(1);

      await closeDispute(d);
      await expectCaseFile(d);

      p1Sse.abort();
      pubSse.abort();
      await Promise.all([p1Sse.done, pubSse.done]);
    }, 60_000);
  }

  it('rule text comes from the bundled rules documents', async () => {
    const r = await api(stack.bases[0]!, '/api/games/alpha-clash/rules?ids=710.1,502.1b,999.9');
    expect(r.json.rules[0]).toMatchObject({ rule: '710.1', found: '710.1' });
    expect(r.json.rules[0].text).toMatch(/illegal action/);
    expect(r.json.rules[2]).toMatchObject({ rule: '999.9', found: null });
    expect((await api(stack.bases[0]!, '/api/games/nope/rules?ids=1')).status).toBe(404);
  });
});
