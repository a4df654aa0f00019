// The case file of one dispute: the claim, the evidence window (events ±N around the pinned seq, in words, with
// the rule text each cites), every player's perspective and the judge's at the pinned seq, who knew what there,
// the commands rejected around it with rule and reason, the time each player took for each decision, the
// rulings and the verification result. The review page reads it as JSON; the tournament's records keep it as
// JSON or as a printable HTML page.
import { type AnyGameModule, type BoardModel, type EventEnvelope } from '@matchtape/engine';
import { cardNames, eventWords, humanText, positionText, seatNames, zoneWords } from '@matchtape/games';
import { decisionTimes, knowledgeAt, type KnowledgeAt } from '@matchtape/projections';
import type { MatchRecord, RejectedCommand } from '@matchtape/store';
import { playersOf, parseHostedConfig } from '../host/engine-host';
import type { DisputeRecord } from './disputes-model';
import { forkableAfter } from './fork-point';
import { ruleText } from './disputes-rules';
import { html, Html } from '../http/html';
import type { CaseFile, CaseRejection, VerificationResult } from './case-contract';

/**
 * The verification of a stored match for the case file. Lead: at merge, wire judges-replay's server function
 * here (the full checks of `GET /api/matches/:id/verification`). Until then it checks what the stored events
 * alone can show: the hash chain and that seqs run 1..N without gaps.
 */
export function buildCase(input: {
  rec: MatchRecord;
  game: AnyGameModule;
  events: readonly EventEnvelope[];
  dispute: DisputeRecord;
  rejections: readonly RejectedCommand[];
  verification: VerificationResult;
  window: number;
  now: Date;
  /** Who knew what at the pinned seq when the caller has it (the knowledge read model); else folded here. */
  knowledge?: KnowledgeAt;
}): CaseFile {
  const { rec, game, events, dispute } = input;
  const pinned = Math.min(dispute.atSeq, events.length);
  const fromSeq = Math.max(1, pinned - input.window);
  const toSeq = Math.min(events.length, pinned + input.window);
  const inWindow = events.slice(fromSeq - 1, toSeq);
  const players = (() => {
    try {
      return playersOf(parseHostedConfig(rec)).map((p) => ({ id: p.id, name: p.name }));
    } catch {
      return [];
    }
  })();
  let state: unknown = game.initial();
  // Card names for the window's lines: every card the judge's board shows anywhere in the window.
  const windowBoards: BoardModel[] = [];
  const forkable = new Set<number>();
  let perspectives: Record<string, BoardModel> = {};
  for (const e of events.slice(0, toSeq)) {
    state = game.evolve(state, e);
    if (e.seq >= fromSeq) {
      windowBoards.push(game.board(state));
      if (forkableAfter(game, state)) forkable.add(e.seq);
    }
    if (e.seq === pinned) {
      perspectives = { judge: game.board(state) };
      for (const p of perspectives.judge!.players)
        perspectives[p.id] = game.board(game.view(state, p.id as `p${number}`));
    }
  }
  if (!perspectives.judge) perspectives = { judge: game.board(state) };
  const seats = seatNames(players);
  const cards = cardNames(windowBoards);
  const words = (text: string) => humanText(text, cards, seats);
  const knowledge = input.knowledge ?? knowledgeAt(game, events, pinned);
  const times = decisionTimes(events);
  const firstAt = Date.parse(inWindow[0]?.at ?? rec.createdAt);
  const lastAt = Date.parse(events[toSeq]?.at ?? new Date(8.64e15).toISOString());
  const rejections: CaseRejection[] = input.rejections
    .filter((r) => Date.parse(r.at) >= firstAt && Date.parse(r.at) < lastAt)
    .map(({ matchId: _m, ...r }) => {
      let afterSeq = 0;
      for (const e of events) if (Date.parse(e.at) <= Date.parse(r.at)) afterSeq = e.seq;
      return { ...r, afterSeq, ruleText: ruleText(game.id, r.rule) };
    });
  // A fork keeps its link to the parent in its config (judges/replay.ts).
  const link = (rec.config as { forkOf?: { matchId?: unknown } }).forkOf;
  const parent = typeof link?.matchId === 'string' ? link.matchId : null;
  return {
    kind: 'matchtape-dispute-case',
    version: 1,
    createdAt: input.now.toISOString(),
    match: {
      matchId: rec.matchId,
      game: game.id,
      title: game.title,
      rulesVersion: game.rulesVersion,
      status: rec.status,
      lastSeq: events.length,
      players,
      parentMatchId: parent,
    },
    dispute,
    window: { fromSeq, toSeq, size: input.window },
    events: inWindow.map((e) => {
      const cause = e.cause as { player?: string };
      return {
        seq: e.seq,
        at: e.at,
        turn: e.turn,
        phase: e.phase,
        step: e.step,
        type: e.type,
        player: cause.player ?? null,
        text: words(game.describe(e)),
        position: positionText(game.id, e.phase, e.step),
        who: cause.player ? (seats.get(cause.player) ?? cause.player) : 'game',
        rule: e.rule ? ruleText(game.id, e.rule) : null,
        pinned: e.seq === pinned,
        forkable: forkable.has(e.seq),
      };
    }),
    perspectives,
    // Zone labels in words ("Ada's material deck"); `zone` keeps the path for programs.
    knowledge: {
      ...knowledge,
      players: knowledge.players.map((p) => ({
        ...p,
        zones: p.zones.map((z) => ({ ...z, label: zoneWords(z.zone, seats) })),
      })),
    },
    rejections,
    decisions: {
      inWindow: times.decisions
        .filter((d) => d.toSeq >= fromSeq && d.fromSeq <= toSeq)
        .map((d) => ({ ...d, what: eventWords(d.type) })),
      perPlayer: times.perPlayer,
    },
    verification: input.verification,
  };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const when = (cond: unknown, part: () => Html): Html | null => (cond ? part() : null);
/** `wrap` around one part per item, or `empty` when there is none. */
const list = <T>(
  items: readonly T[],
  wrap: (rows: Html[]) => Html,
  each: (x: T) => Html,
  empty: Html,
): Html => (items.length ? wrap(items.map(each)) : empty);

function boardHtml(name: string, b: BoardModel, seats: ReadonlyMap<string, string>): Html {
  const zones = b.players.map(
    (p) =>
      html`<h4>${seats.get(p.id) ?? p.name} — ${p.stats.map((s) => `${s.label} ${s.value}`).join(', ')}</h4><ul>${p.zones.map(
        (z) =>
          html`<li><b>${z.label}</b> (${z.count}): ${z.cards.map((c, i) => html`${i ? ', ' : ''}${c.hidden ? html`<i>hidden</i>` : c.face.name}`)}</li>`,
      )}</ul>`,
  );
  return html`<section class="persp"><h3>${name}</h3>${zones}</section>`;
}

function knowledgeHtml(c: CaseFile, name: (seat: string | null | undefined) => string): Html {
  return html`${c.knowledge.players.map(
    (p) =>
      html`<h4>${name(p.player)}</h4><ul>${p.zones
        .filter(
          (z) =>
            z.visible.length + z.remembered.length > 0 ||
            (z.unknown.length > 0 && !/deck|spellbook/i.test(z.zone)),
        )
        .map(
          (z) =>
            html`<li><b>${z.label}</b>: sees ${z.visible.map((x) => x.name).join(', ') || '—'}${when(
              z.remembered.length,
              () =>
                html`; <mark>remembers ${z.remembered.map((x) => `${x.name} (${x.how} at seq ${x.lastSeenSeq})`).join(', ')}</mark>`,
            )}${when(z.unknown.length, () => html`; cannot know ${z.unknown.length}`)}</li>`,
        )}</ul>`,
  )}`;
}

const STYLE =
  new Html(`<style>body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#111}table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:3px 6px;text-align:left;vertical-align:top}
tr.pinned{background:#fff3c4}.persp{display:inline-block;vertical-align:top;width:32%;margin-right:1%}.ok{color:#060}.bad{color:#a00}mark{background:#fde68a}@media print{.persp{width:100%}}</style>`);

function claimHtml(c: CaseFile, name: (seat: string | null | undefined) => string): Html {
  const d = c.dispute;
  return html`<h2>Claim</h2><p>Opened ${d.openedAt} by ${d.openedBy.role === 'judge' ? 'a judge' : name(d.openedBy.seat)} at seq ${d.atSeq}${when(d.against, () => html`, against ${name(d.against)}`)}: <b>${d.claim}</b></p>
<p>Status: <b>${d.status}</b>${when(d.closed, () => html` (closed ${d.closed!.at}${when(d.closed!.note, () => html`: ${d.closed!.note}`)})`)}</p>
<h2>Rulings</h2>${list(
    d.rulings,
    (rows) => html`<ol>${rows}</ol>`,
    (r) =>
      html`<li>${r.at} — <b>${r.ruling}</b>${when(r.rule, () => html` (rule ${r.rule}: ${ruleText(c.match.game, r.rule!).text ?? 'not in the document'})`)}; remedy ${r.remedy}${when(r.forkMatchId, () => html`; play continues in ${r.forkMatchId}`)}</li>`,
    html`<p>None yet.</p>`,
  )}
<h2>Evidence</h2>${list(
    d.evidence,
    (rows) => html`<ul>${rows}</ul>`,
    (e) =>
      html`<li>${e.at} ${e.by.role === 'judge' ? 'judge' : name(e.by.seat)} — ${e.kind}${when(e.seq, () => html` seq ${e.seq}${when(e.toSeq, () => html`–${e.toSeq}`)}`)}: ${e.note}</li>`,
    html`<p>None.</p>`,
  )}`;
}

function recordHtml(c: CaseFile, name: (seat: string | null | undefined) => string): Html {
  return html`<h2>Events ${c.window.fromSeq}–${c.window.toSeq}</h2><table><tr><th>seq</th><th>time</th><th>turn / phase / step</th><th>who</th><th>event</th><th>rule</th></tr>
${c.events.map(
  (
    e,
  ) => html`<tr class="${e.pinned ? 'pinned' : ''}"><td>${e.seq}</td><td>${e.at.slice(11, 19)}</td><td>${e.turn} · ${e.position}</td><td>${e.who}</td><td>${e.text}</td><td>${when(e.rule, () => html`<b>${e.rule!.rule}</b> ${e.rule!.text ?? ''}`)}</td></tr>
`,
)}</table>
<h2>Rejected commands around it</h2>${list(
    c.rejections,
    (rows) =>
      html`<table><tr><th>after seq</th><th>player</th><th>command</th><th>rule</th><th>reason</th></tr>${rows}</table>`,
    (r) =>
      html`<tr><td>${r.afterSeq}</td><td>${name(r.player)}</td><td>${eventWords(String(r.command.type ?? ''))}</td><td><b>${r.rule}</b> ${r.ruleText.text ?? ''}</td><td>${r.reason}</td></tr>`,
    html`<p>None.</p>`,
  )}
<h2>Decision times</h2><table><tr><th>player</th><th>decisions</th><th>total</th><th>longest</th></tr>${Object.entries(
    c.decisions.perPlayer,
  ).map(
    ([p, t]) =>
      html`<tr><td>${name(p)}</td><td>${t.decisions}</td><td>${secs(t.totalMs)}</td><td>${secs(t.longestMs)} at seq ${t.longestAtSeq ?? '—'}</td></tr>`,
  )}</table>
<p>In the window: ${c.decisions.inWindow.map((x) => `${name(x.player)} ${secs(x.tookMs)} (seq ${x.fromSeq}, ${x.what})`).join('; ') || 'none'}</p>`;
}

/** The case as one printable HTML page (no scripts, no external resources); every value escaped by `html`. */
export function caseHtml(c: CaseFile): string {
  const d = c.dispute;
  const seats = seatNames(c.match.players);
  const name = (seat: string | null | undefined) => (seat ? (seats.get(seat) ?? seat) : '');
  const v = c.verification;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Case ${c.match.matchId} ${d.disputeId}</title>
${STYLE}</head><body>
<h1>Dispute ${d.disputeId} — ${c.match.title} match ${c.match.matchId}</h1>
<p>Players: ${c.match.players.map((p) => name(p.id)).join(', ')}. Rules version ${c.match.rulesVersion}. Match ${c.match.status} at seq ${c.match.lastSeq}${when(c.match.parentMatchId, () => html`, forked from ${c.match.parentMatchId}`)}.</p>
${claimHtml(c, name)}
${recordHtml(c, name)}
<h2>Perspectives at seq ${d.atSeq}</h2>${Object.entries(c.perspectives).map(([k, b]) => boardHtml(k === 'judge' ? 'Judge (truth)' : `${name(k)} saw`, b, seats))}
<h2>Who knew what at seq ${c.knowledge.seq}</h2>${knowledgeHtml(c, name)}
<h2>Verification</h2><p class="${v.ok ? 'ok' : 'bad'}"><b>${v.ok ? 'verified' : `FAILED${v.firstBadSeq !== undefined ? ` at seq ${v.firstBadSeq}` : ''}`}</b></p>
<ul>${v.checks.map((x) => html`<li class="${x.ok ? 'ok' : 'bad'}">${x.name}: ${x.ok ? 'ok' : 'failed'} — ${x.detail}</li>`)}</ul>
<p><small>Case file created ${c.createdAt} by Matchtape.</small></p></body></html>`.value;
}
