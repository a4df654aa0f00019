// The judges' review page in Chromium against the real stack (server on the embedded default + `next start`):
// a bot match, its list of disputes titled in words, a dispute at a seq, the case on the page (window, rule text,
// perspectives, who knew what, diff, verification), a ruling recorded through the page, the fork buttons (beside
// the dispute and on the events table's player actions), the dispute's marker on the match timeline, and the
// printable case file. Screenshots go to test-results/review-*.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '@matchtape/server';
import {
  apiJson,
  openSitePage,
  RESULTS,
  SECRET,
  startWebStackWithEndedMatch,
  type WebStack,
} from './web-stack';

let stack: WebStack;
let matchId = '';
let lastSeq = 0;
let atSeq = 0;
const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

const open = (path: string): Promise<Page> => openSitePage(stack, path, { width: 1440, height: 1000 });

beforeAll(async () => {
  ({ stack, matchId, lastSeq } = await startWebStackWithEndedMatch(organiser));
  // The dispute is pinned to an event a player caused (a decision with a time and, often, a rule).
  const events = (
    await apiJson<{ events: { seq: number; cause: { player?: string }; rule: string | null }[] }>(
      stack.api,
      `/api/matches/${matchId}/events`,
      { token: judge },
    )
  ).events;
  atSeq = events.find((e) => e.seq > lastSeq / 3 && e.cause.player && e.rule)?.seq ?? Math.floor(lastSeq / 2);
  await apiJson(stack.api, `/api/matches/${matchId}/disputes`, {
    token: judge,
    body: { atSeq, claim: 'Brook says Ada played out of turn', against: 'p1' },
  });
  await apiJson(stack.api, `/api/matches/${matchId}/disputes/d1/evidence`, {
    token: judge,
    body: { kind: 'seq', note: 'Brook points at these events', seq: atSeq - 2, toSeq: atSeq },
  });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

describe('judges review page (browser): the token and the list', () => {
  it('asks for a judge token first', async () => {
    const page = await open(`/matches/${matchId}/review?dispute=d1`);
    await page.getByRole('heading', { name: 'The review needs a judge token' }).waitFor();
    await page.getByLabel('Judge token').fill('nonsense');
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.getByText('That is not a judge token').waitFor();
    await page.getByLabel('Judge token').fill(judge);
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.locator('.case[data-dispute="d1"]').waitFor();
    await page.close();
  });

  it("the list of a match's disputes is titled by its players and game, not its id", async () => {
    const page = await open(`/matches/${matchId}/review?token=${judge}`);
    await page.locator('.dispute-list li[data-dispute="d1"]').waitFor();
    // The heading reads "this match" until the match is read, then its players and game by its title (it was
    // "Disputes of match m_…" in issue 26, then the game's id, "alpha-clash": the match record has no title).
    const heading = page.locator('h1', { hasNotText: 'this match' });
    await heading.waitFor();
    expect(await heading.innerText()).toBe('Disputes · Ada vs Brook · Alpha Clash');
    const text = await page.locator('.review-page').innerText();
    expect(text).not.toContain(matchId);
    expect(text).not.toMatch(/\bd1\b/);
    await page.close();
  });
});

describe('judges review page (browser): the case', () => {
  it('shows the case: the moment ±N, rule text, three perspectives, who knew what, diff, verification; a ruling recorded on the page', async () => {
    const page = await open(`/matches/${matchId}/review?dispute=d1&window=5&token=${judge}`);
    await page.locator(`.case[data-dispute="d1"][data-at-seq="${atSeq}"]`).waitFor();
    // The token left the address bar.
    expect(page.url()).not.toContain('token=');
    // ±5 events around the pinned one, the pinned row marked.
    const seqs = await page
      .locator('table.events tbody tr')
      .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.seq)));
    expect(seqs[0]).toBe(Math.max(1, atSeq - 5));
    expect(seqs.at(-1)).toBe(Math.min(lastSeq, atSeq + 5));
    expect(await page.locator('table.events tr.pinned').getAttribute('data-seq')).toBe(String(atSeq));
    // The pinned event's rule, with its text from the Comprehensive Rulebook.
    const ruleCell = (await page.locator('table.events tr.pinned td.rule').innerText()).trim();
    expect(ruleCell.length).toBeGreaterThan(10);
    expect(ruleCell).not.toContain('not in the rules document');
    // Judge, Ada and Brook side by side; the judge board hides nothing, the players' boards hide the other hand.
    for (const who of ['judge', 'p1', 'p2'])
      await page.locator(`[data-perspective-of="${who}"] .board`).waitFor();
    expect(await page.locator('[data-perspective-of="judge"] .board [data-hidden]').count()).toBe(0);
    expect(await page.locator('[data-perspective-of="p1"] .board [data-hidden]').count()).toBeGreaterThan(0);
    // Who knew what, matching the API's answer for the same seq.
    const k = await apiJson<{
      players: { player: string; zones: { zone: string; visible: { cardId: string }[] }[] }[];
    }>(stack.api, `/api/matches/${matchId}/knowledge?seq=${atSeq}`, { token: judge });
    // Every card p1 could see, zone by zone. A zone with no cards at that seq is not listed (a bot may have
    // emptied its hand by then), so compare all of p1's zones, not one that may be missing.
    const p1 = k.players.find((p) => p.player === 'p1')!;
    const apiVisible = p1.zones.flatMap((z) => z.visible.map((c) => `${z.zone} ${c.cardId}`)).sort();
    expect(apiVisible.length).toBeGreaterThan(0);
    const shown = await page
      .locator('[data-knowledge-of="p1"] [data-zone-of] .k-visible')
      .evaluateAll((xs) =>
        xs
          .map(
            (x) =>
              `${(x as HTMLElement).closest('[data-zone-of]')!.getAttribute('data-zone-of')} ${(x as HTMLElement).dataset.card!}`,
          )
          .sort(),
      );
    expect(shown).toEqual(apiVisible);
    // Diff from the window's start to the dispute: what the API says, as a list.
    const diff = await apiJson<{ items: unknown[] }>(
      stack.api,
      `/api/matches/${matchId}/diff?from=${Math.max(1, atSeq - 5)}&to=${atSeq}`,
      { token: judge },
    );
    await page.locator(`ul.diff[data-count="${diff.items.length}"]`).waitFor();
    // Verification.
    await page.locator('[aria-label="Verification"][data-verified="yes"]').waitFor();
    // Decision times for both players.
    expect(await page.locator('table.decisions tbody tr').count()).toBe(2);
    await page.screenshot({ path: join(RESULTS, 'review-case.png'), fullPage: true });

    // Record a ruling through the page; it is on the server and on the page.
    await page.getByLabel('Ruling', { exact: true }).fill('No infraction: Ada had priority');
    await page.getByLabel('Rule', { exact: true }).fill('114.2');
    await page.getByRole('button', { name: 'Record ruling' }).click();
    await page.locator('[data-ruling="0"]').waitFor();
    expect(await page.locator('[data-ruling="0"]').innerText()).toContain('No infraction: Ada had priority');
    await page.locator('.case[data-status="ruled"]').waitFor();
    const d = await apiJson<{ dispute: { status: string; rulings: { rule: string }[] } }>(
      stack.api,
      `/api/matches/${matchId}/disputes/d1`,
      { token: judge },
    );
    expect(d.dispute).toMatchObject({ status: 'ruled', rulings: [{ rule: '114.2' }] });

    // Forks start after an event where someone may act (the case file marks those; the server refuses the rest,
    // e.g. between a command's events and the rules' own that follow). Beside the dispute, the nearest such events
    // either side of it; in the events table, a "Fork here" button on exactly those rows (a rule-made event of a
    // player's command had one, and the server refused it). Each forks with a fresh seed (the fork API refuses to
    // keep a live parent's; the page always asks for its own) at that seq and links the new match.
    const caseFile = await apiJson<{ events: { seq: number; forkable: boolean }[] }>(
      stack.api,
      `/api/matches/${matchId}/disputes/d1/case?window=5`,
      { token: judge },
    );
    const forkable = caseFile.events.filter((e) => e.forkable).map((e) => e.seq);
    expect(forkable.length).toBeGreaterThan(1);
    const forkAt = async (cell: Locator, button: Locator, seq: number) => {
      await button.click();
      await cell.locator('[data-fork], [role="alert"]').first().waitFor();
      expect(await cell.locator('[role="alert"]').allInnerTexts()).toEqual([]);
      const id = await cell.locator('[data-fork]').getAttribute('data-fork');
      const fork = await apiJson<{ forkOf: { matchId: string; seq: number; reseeded: boolean } }>(
        stack.api,
        `/api/matches/${encodeURIComponent(id!)}`,
        { token: judge },
      );
      expect(fork.forkOf).toMatchObject({ matchId, seq, reseeded: true });
    };
    const near = page.locator('.case-head .fork').first();
    const nearLabel = await near.getByRole('button').getAttribute('aria-label');
    const nearSeq = Number(/^Fork at event (\d+)/.exec(nearLabel ?? '')?.[1]);
    expect(forkable).toContain(nearSeq);
    await forkAt(near, near.getByRole('button'), nearSeq);
    const withButton = await page
      .locator('table.events tbody tr')
      .evaluateAll((rows) =>
        rows
          .filter((r) => r.querySelector('button[aria-label^="Fork here, at event "]'))
          .map((r) => Number((r as HTMLElement).dataset.seq)),
      );
    expect(withButton).toEqual(forkable);
    const other = forkable.find((s) => s !== nearSeq)!;
    const cell = page.locator(`table.events tr[data-seq="${other}"] .fork`);
    await forkAt(
      cell,
      cell.getByRole('button', { name: `Fork here, at event ${other}`, exact: true }),
      other,
    );
    await page.screenshot({ path: join(RESULTS, 'review-ruled.png'), fullPage: true });
    await page.close();
  }, 240_000);
});

describe('judges review page (browser): timeline marker, case file and forks', () => {
  it('the dispute is a marker on the match timeline that opens the review', async () => {
    const page = await open(`/matches/${matchId}?as=judge&seq=${atSeq}&token=${judge}`);
    const marker = page.locator('.tl-dispute[data-dispute="d1"]');
    await marker.waitFor();
    await page.screenshot({ path: join(RESULTS, 'review-timeline-marker.png') });
    await marker.click();
    await page.locator('.case[data-dispute="d1"]').waitFor();
    await page.close();
  });

  it('the printable case file renders on its own', async () => {
    const res = await fetch(`${stack.api}/api/matches/${matchId}/disputes/d1/case?format=html&window=5`, {
      headers: { authorization: `Bearer ${judge}` },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const file = join(RESULTS, 'review-case-file.html');
    writeFileSync(file, html);
    const page = await stack.browser.newPage({ viewport: { width: 1000, height: 1400 } });
    await page.goto(`file://${file}`);
    await page.getByRole('heading', { name: /Dispute d1/ }).waitFor();
    expect(await page.locator('tr.pinned').count()).toBe(1);
    await page.screenshot({ path: join(RESULTS, 'review-case-file.png'), fullPage: true });
    await page.close();
  });

  it('a fork says it is one (match page, review page, list), its seats wait for people unless bots are asked for; a dispute opens at the shown moment from the match page', async () => {
    // Fork where a player acts (the server refuses the automatic events between a command's).
    const events = (
      await apiJson<{ events: { seq: number; cause: { player?: string } }[] }>(
        stack.api,
        `/api/matches/${matchId}/events`,
        { token: judge },
      )
    ).events;
    const fork = async (body: Record<string, unknown>) => {
      for (const e of events.filter((x) => x.cause.player && x.seq > lastSeq / 2)) {
        const res = await fetch(`${stack.api}/api/matches/${matchId}/fork`, {
          method: 'POST',
          headers: { authorization: `Bearer ${judge}`, 'content-type': 'application/json' },
          body: JSON.stringify({ at: e.seq, ...body }),
        });
        if (res.status === 201) return { ...((await res.json()) as { matchId: string }), at: e.seq };
      }
      throw new Error('no seq of the match could be forked at');
    };
    const people = await fork({});
    const bots = await fork({ bots: true });
    const players = async (id: string) =>
      (
        await apiJson<{ players: { id: string; bot?: string | null }[] }>(
          stack.api,
          `/api/matches/${encodeURIComponent(id)}`,
          { token: judge },
        )
      ).players.map((p) => p.bot ?? null);
    expect(await players(people.matchId)).toEqual([null, null]);
    expect(await players(bots.matchId)).toEqual(['greedy', 'random']);

    // The banner names the parent and the seq, and links to that moment of the parent.
    const page = await open(`/matches/${encodeURIComponent(people.matchId)}?as=judge&token=${judge}`);
    const banner = page.locator(`.notice-fork[data-fork-of="${matchId}"][data-fork-seq="${people.at}"]`);
    await banner.waitFor();
    expect(await banner.locator('a').getAttribute('href')).toBe(`/matches/${matchId}?seq=${people.at}`);
    await page.screenshot({ path: join(RESULTS, 'review-fork-banner.png') });
    await page.goto(`${stack.web}/matches/${encodeURIComponent(people.matchId)}/review`);
    await page.locator(`.review-page .notice-fork[data-fork-of="${matchId}"]`).waitFor();
    // The list marks it (the parent has ended with no delay, so its forks are public).
    await page.goto(`${stack.web}/`);
    await page.locator(`tr[data-match="${people.matchId}"] .badge-fork`).waitFor();
    expect(await page.locator(`tr[data-match="${matchId}"] .badge-fork`).count()).toBe(0);

    // A dispute at the moment shown, from the match page.
    const at = Math.floor(lastSeq / 3);
    await page.goto(`${stack.web}/matches/${matchId}?as=judge&seq=${at}&token=${judge}`);
    await page.locator(`.match-page[data-seq="${at}"]`).waitFor();
    await page.getByRole('button', { name: 'Dispute this moment' }).click();
    await page.getByLabel('What went wrong').fill('Ada drew two cards at once');
    await page.getByRole('button', { name: 'Open dispute', exact: true }).click();
    const opened = await page.locator('[data-dispute-opened]').getAttribute('data-dispute-opened');
    const list = (
      await apiJson<{ disputes: { disputeId: string; atSeq: number; claim: string }[] }>(
        stack.api,
        `/api/matches/${matchId}/disputes`,
        { token: judge },
      )
    ).disputes;
    expect(list.find((d) => d.disputeId === opened)).toMatchObject({
      atSeq: at,
      claim: 'Ada drew two cards at once',
    });
    await page.close();
  }, 180_000);
});
