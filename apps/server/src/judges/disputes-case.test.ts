// The case file in words, for a bot match of each game: the printable page and the JSON's words (event lines,
// positions, who acted, zone labels, what each decision was) carry no internal id (seat ids, card instance ids,
// step ids, event type names, zone paths), as the review page shows them.
import type { EventEnvelope } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing';
import { gameIds, getGame, internalIds } from '@matchtape/games';
import type { MatchRecord } from '@matchtape/store';
import { describe, expect, it } from 'vitest';
import { buildCase, caseHtml } from './disputes-case';
import type { DisputeRecord } from './disputes-model';

const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe.each(gameIds)('the case file of a %s match', (id) => {
  const game = getGame(id);
  const m = playMatch(game, {
    seed: `case-${id}`,
    matchId: 'case-match',
    bots: { p1: 'greedy', p2: 'random' },
  });
  const events = m.events as EventEnvelope[];
  const players = [
    { id: 'p1', name: 'Ada' },
    { id: 'p2', name: 'Brook' },
  ];
  const rec: MatchRecord = {
    matchId: 'case-match',
    game: id,
    status: 'ended',
    config: {
      matchConfig: {
        ...m.config,
        players: m.config.players.map((p, i) => ({ ...p, name: players[i]!.name })),
      },
      bots: {},
    },
    seed: m.seed,
    spectatorDelaySeconds: 0,
    coverageDelaySeconds: 0,
    createdAt: events[0]!.at,
    lastSeq: events.length,
    summary: {},
  };
  const steps = new Set(events.flatMap((e) => [e.phase, ...(e.step ? [e.step] : [])]));
  /** The case file of `dispute` over the whole match, `window` events either side, read at the match's end. */
  const caseOf = (dispute: DisputeRecord, window: number) =>
    buildCase({
      rec,
      game,
      events,
      dispute,
      rejections: [],
      verification: { ok: true, checks: [] },
      window,
      now: new Date(events.at(-1)!.at),
    });

  it.each([0.25, 0.5, 0.9])(
    'at %s of the match: HTML and JSON words name players, cards and steps as the rules do',
    (at) => {
      const acted = events.filter((e) => 'player' in e.cause && e.seq > events.length * at);
      const atSeq = acted[0]?.seq ?? Math.floor(events.length * at);
      const dispute: DisputeRecord = {
        disputeId: 'd1',
        atSeq,
        claim: 'Brook says Ada played out of turn',
        against: 'p1',
        openedBy: { role: 'seat', seat: 'p2' },
        openedAt: events[atSeq - 1]!.at,
        status: 'open',
        evidence: [],
        rulings: [],
        closed: null,
        lastStreamSeq: 1,
      } as DisputeRecord;
      const c = caseOf(dispute, 10);
      const found: string[] = [];
      const check = (where: string, s: string) => {
        const ids = internalIds(s, steps);
        if (ids.length) found.push(`${where}: "${s.slice(0, 160)}" shows ${ids.join(', ')}`);
      };
      for (const e of c.events) {
        check(`event ${e.seq} text`, e.text);
        check(`event ${e.seq} position`, e.position);
        check(`event ${e.seq} who`, e.who);
      }
      for (const p of c.knowledge.players) for (const z of p.zones) check(`zone ${z.zone}`, z.label);
      for (const d of c.decisions.inWindow) check(`decision ${d.fromSeq}`, d.what);
      for (const line of text(caseHtml(c)).split(/\s{2,}/)) check('html', line);
      expect(found.slice(0, 10)).toEqual([]);
      expect(c.events.length).toBeGreaterThan(10);
      expect(c.events.find((e) => e.pinned)?.seq).toBe(atSeq);
    },
  );

  it('marks the events a fork may start at: someone may act after it, the match not ended', () => {
    const dispute = {
      disputeId: 'd1',
      atSeq: events.length - 5,
      claim: 'x',
      status: 'open',
    } as DisputeRecord;
    const c = caseOf(dispute, 30);
    let state: unknown = game.initial();
    const mayAct = new Map<number, boolean>();
    for (const e of events) {
      state = game.evolve(state, e);
      mayAct.set(e.seq, game.actors(state).length > 0 && game.status(state).status !== 'ended');
    }
    expect(c.events.map((e) => [e.seq, e.forkable])).toEqual(c.events.map((e) => [e.seq, mayAct.get(e.seq)]));
    expect(c.events.some((e) => e.forkable)).toBe(true);
    // The end of the match is no place to fork (the last event of the window is MatchEnded).
    expect(c.events.at(-1)).toMatchObject({ type: 'MatchEnded', forkable: false });
  });
});
