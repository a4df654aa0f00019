// The event page in Chromium (lean: one event of four bot players, one round): the organiser creates the event in the
// "New event" form, registers the players in the event page's panel (a refused decklist answered line by line),
// reads one invite link per player and starts round 1; then pairings with links to each game's table, the round
// clock (on the event page and at a table), the player's own pairing from their invite (the token leaves the
// address bar), the published standings and the exports.
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventView, Registered } from '@matchtape/server/events-contract';
import { apiJson, openSitePage, SECRET, startWebStack, type WebStack } from './web-stack';

const organiser = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
const judge = () => mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
const ORGANISER_KEY = 'matchtape.organiser';
let stack: WebStack;

beforeAll(async () => {
  stack = await startWebStack({ botMinMs: 0, botMaxMs: 0 });
}, 900_000);
afterAll(() => stack?.stop());

/** The organiser's way: New event, four bot players (one decklist refused first), invite links, round 1. */
async function organise(page: Page): Promise<{ eventId: string; invites: string[] }> {
  await page.locator('.organiser-token').fill(organiser());
  await page.getByLabel('Event name').fill('Friday Night Clash');
  await page.locator('#event-game').selectOption('alpha-clash');
  await page.getByLabel('Swiss rounds').fill('1');
  await page.getByLabel('Best of').selectOption('1');
  await page.locator('.create-event').click();
  await page.waitForURL(/\/events\/e_/);
  const eventId = decodeURIComponent(page.url().split('/events/')[1]!.split(/[?#]/)[0]!);
  const panel = page.getByRole('form', { name: 'Register a player' });
  await panel.waitFor();
  await panel.getByLabel('Player name').fill('Ada');
  await panel.getByLabel('Played by').selectOption('greedy');
  // A decklist with a card the game does not have: refused, said on its line.
  await panel.getByLabel(/Decklist/).fill('2 No Such Card Anywhere');
  await panel.locator('.register-player').click();
  await page
    .getByRole('list', { name: 'The decklist, line by line' })
    .getByText('no card named "No Such Card Anywhere"')
    .waitFor();
  for (const name of ['Ada', 'Bo', 'Cy', 'Di']) {
    await panel.getByLabel('Player name').fill(name);
    await panel.getByLabel('Played by').selectOption('greedy');
    await panel.getByLabel(/Decklist/).fill('torque-red-rush');
    await panel.locator('.register-player').click();
    await page.getByLabel(`Invite link for ${name}`, { exact: true }).waitFor();
  }
  const invites = await page
    .locator('.invite-link')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await page.locator('.start-round').click();
  // Round 1's tables are created before the answer (slow on a loaded machine); a refusal shows in the panel.
  const paired = page.getByRole('region', { name: 'Round 1 pairings' });
  const refused = page.getByRole('region', { name: 'Organiser' }).getByRole('alert');
  await paired.or(refused).first().waitFor({ timeout: 180_000 });
  expect(await refused.count(), (await refused.allTextContents()).join(' ')).toBe(0);
  return { eventId, invites };
}

describe('the event page: an event created, paired and timed', () => {
  it('is created and started in the organiser form, then shows pairings, table links, the round clock, the player their pairing, standings and exports', async () => {
    const org = await openSitePage(stack, '/events/new');
    const { eventId, invites } = await organise(org);
    expect(invites).toHaveLength(4);
    expect(invites[0]).toContain(`/events/${eventId}#player=`);
    // The round clock is on the event page, and on a table of the round (to its spectators too).
    await org.getByRole('timer', { name: 'Round 1 clock' }).waitFor();
    const href = await org.getByRole('link', { name: /Table 1 game 1/ }).getAttribute('href');
    expect(href).toMatch(/^\/matches\/m_/);
    await org.goto(stack.web + href!);
    expect(
      await org.getByRole('timer', { name: 'Round 1 clock (table 1)' }).textContent({ timeout: 60_000 }),
    ).toMatch(/Round 1 · (\d+:\d\d left|Time called|over)/);
    const page = await openSitePage(stack, invites[0]!.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('heading', { name: 'Friday Night Clash' }).waitFor();
    // The invite's token is kept in the browser, not in the address bar.
    await page.waitForFunction(() => !window.location.hash.includes('player='));
    expect(page.url()).not.toContain('player=');
    await page.getByRole('region', { name: 'Round 1 pairings' }).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    // The player's own pairing appears from their token (their seat link while the game runs, or its result).
    await page.getByRole('region', { name: 'Your pairing' }).waitFor();
    expect(await page.getByRole('heading', { name: 'You: Ada' }).count()).toBe(1);
    // Standings once the round is over (the page follows the event by itself).
    await page.getByRole('cell', { name: '3', exact: true }).first().waitFor({ timeout: 600_000 });
    const standings = page.getByRole('region', { name: 'Standings' });
    await standings.getByRole('heading', { name: 'Standings after round 1', exact: true }).waitFor();
    expect(await standings.getByRole('row').count()).toBe(5);
    const csv = await page.request.get(
      stack.web + (await standings.getByRole('link', { name: 'standings CSV' }).getAttribute('href'))!,
    );
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'rank,player,name,points,record,mw%,omw%,gw%,ogw%,dropped',
    );
  }, 900_000);

  it("a player at their table sees the round's clock count down and, once the organiser calls time, the extra turns; the organiser reads the invite links from another browser, the player does not", async () => {
    const org = organiser();
    const { eventId } = await apiJson<{ eventId: string }>(stack.api, '/api/events', {
      token: org,
      body: {
        name: 'Clock Cup',
        game: 'alpha-clash',
        swissRounds: 1,
        bestOf: 1,
        roundMinutes: 50,
        extraTurns: 2,
      },
    });
    // Two people (no bots): their game waits for them, so the round stays open.
    const registered: Registered[] = [];
    for (const name of ['Ann', 'Ben'])
      registered.push(
        await apiJson<Registered>(stack.api, `/api/events/${eventId}/players`, {
          token: org,
          body: { name, deck: 'torque-red-rush' },
        }),
      );
    await apiJson(stack.api, `/api/events/${eventId}/rounds`, { token: org, method: 'POST' });
    // Another browser than the one that registered them: it holds only the organiser token.
    const desk = await openSitePage(stack, '/events/new');
    await desk.evaluate(([k, t]) => localStorage.setItem(k!, t!), [ORGANISER_KEY, organiser()]);
    await desk.goto(`${stack.web}/events/${eventId}`);
    const links = desk.getByLabel('Invite links', { exact: true });
    await links.getByLabel('Invite link for Ben', { exact: true }).waitFor();
    const shown = await desk
      .locator('.invite-link')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(shown).toEqual(registered.map((r) => `${stack.web}${r.invite}`));
    expect(await links.getByRole('button', { name: 'Copy the invite link for Ann' }).count()).toBe(1);
    // The player: their invite, then their seat.
    const ann = await openSitePage(stack, registered[0]!.invite);
    const seat = ann
      .getByRole('region', { name: 'Your pairing' })
      .getByRole('link', { name: 'take your seat' });
    await seat.waitFor({ timeout: 60_000 });
    expect(await ann.locator('.invite-link').count()).toBe(0);
    expect(await ann.getByLabel('Invite links').count()).toBe(0);
    await seat.click();
    await ann.waitForURL(/\/matches\/m_[^/]+\/play/, { timeout: 60_000 });
    const clock = ann.getByRole('timer', { name: 'Round 1 clock (table 1)' });
    await clock.waitFor({ timeout: 60_000 });
    expect(await clock.getAttribute('data-time-called')).toBe('false');
    const first = (await clock.textContent())!;
    const left = /Round 1 · (\d+):(\d\d) left/.exec(first);
    expect(left, first).not.toBeNull();
    const seconds = Number(left![1]) * 60 + Number(left![2]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(50 * 60);
    // It counts down: a later reading shows less time left (no assumption about how much later).
    await ann.waitForFunction(
      (before) => {
        const t = document.querySelector('[aria-label="Round 1 clock (table 1)"]')?.textContent ?? '';
        const m = /(\d+):(\d\d) left/.exec(t);
        return m !== null && Number(m[1]) * 60 + Number(m[2]) < before;
      },
      seconds,
      { timeout: 60_000 },
    );
    // The organiser calls time from the event page; the table says what follows.
    await desk.locator('.call-time').click();
    await ann
      .locator('[aria-label="Round 1 clock (table 1)"][data-time-called="true"]')
      .waitFor({ timeout: 60_000 });
    expect(await clock.textContent()).toBe(
      'Round 1 · Time called: 2 extra turns, then unfinished games are draws',
    );
    for (const p of [desk, ann]) await p.context().close();
  }, 600_000);
});

describe('the event page: drops and rulings', () => {
  it('the organiser drops a player (confirmed) and they are not paired next round; a judge overrides a result and the standings change', async () => {
    const org = organiser();
    const { eventId } = await apiJson<{ eventId: string }>(stack.api, '/api/events', {
      token: org,
      body: { name: 'Drop Day', game: 'alpha-clash', swissRounds: 2, bestOf: 1, roundMinutes: 50 },
    });
    for (const name of ['Ada', 'Bo', 'Cy', 'Di'])
      await apiJson(stack.api, `/api/events/${eventId}/players`, {
        token: org,
        body: { name, deck: 'torque-red-rush', bot: 'greedy' },
      });
    const desk = await openSitePage(stack, '/events/new');
    await desk.evaluate(([k, t]) => localStorage.setItem(k!, t!), [ORGANISER_KEY, org]);
    await desk.goto(`${stack.web}/events/${eventId}`);
    await desk.locator('.start-round').click();
    const standings = desk.getByRole('region', { name: 'Standings' });
    // The heading, exactly: "after round 1" alone also matches "Published after round 1." before any result.
    await standings
      .getByRole('heading', { name: 'Standings after round 1', exact: true })
      .waitFor({ timeout: 600_000 });
    // The judge (a judge token, ?token=) overrides table 1: a match loss for its winner.
    const v1 = await apiJson<EventView>(stack.api, `/api/events/${eventId}`);
    const t1 = v1.rounds[0]!.pairings[0]!;
    const winner = t1.result!.winner ?? t1.p1;
    const other = winner === t1.p1 ? t1.p2! : t1.p1;
    const nameOf = (id: string) => v1.players.find((p) => p.id === id)!.name;
    const pointsOf = (v: EventView, id: string) => v.standings.find((s) => s.player === id)!.points;
    const judgePage = await openSitePage(stack, `/events/${eventId}?token=${judge()}`);
    const ruling = judgePage.getByRole('form', { name: 'Record a ruling' });
    await ruling.waitFor();
    await ruling.getByLabel('Round').selectOption('1');
    await ruling.getByLabel('Table').selectOption('1');
    await ruling.getByLabel('Ruling').selectOption('match-loss');
    await ruling.getByLabel('Penalised player').selectOption({ label: nameOf(winner) });
    // The reason is required: no ruling without one.
    expect(await ruling.locator('.record-ruling').isDisabled()).toBe(true);
    await ruling.getByLabel(/Reason/).fill('marked sleeves found after the match');
    await ruling.locator('.record-ruling').click();
    await ruling
      .getByRole('status')
      .getByText(`Recorded: match loss for ${nameOf(winner)}`)
      .waitFor();
    const v2 = await apiJson<EventView>(stack.api, `/api/events/${eventId}`);
    expect(pointsOf(v2, winner)).toBe(0);
    expect(pointsOf(v2, other)).toBe(3);
    expect(pointsOf(v1, winner)).not.toBe(pointsOf(v2, winner));
    // The standings on the page show it (row: rank, name, points).
    const row = (p: Page, id: string) =>
      p
        .getByRole('region', { name: 'Standings' })
        .getByRole('row')
        .filter({ hasText: nameOf(id) });
    // Points are the third column (rank, player, points, …).
    const points = (p: Page, id: string, n: string) =>
      row(p, id).locator('td:nth-child(3)', { hasText: new RegExp(`^${n}$`) });
    await points(judgePage, winner, '0').waitFor();
    await points(desk, other, '3').waitFor({ timeout: 30_000 });
    // The organiser drops Di: asked to confirm first, then Di is marked dropped.
    const players = desk.getByRole('group', { name: 'Players' });
    await players.getByRole('button', { name: 'Drop Di' }).click();
    const confirm = players.getByRole('group', { name: 'Confirm dropping Di' });
    await confirm.getByLabel(/Reason for the drop/).fill('left early');
    expect((await apiJson<EventView>(stack.api, `/api/events/${eventId}`)).players[3]!.dropped).toBe(false);
    await confirm.getByRole('button', { name: 'Confirm drop' }).click();
    await players.locator('li[data-player="p4"] em', { hasText: 'dropped' }).waitFor();
    await desk.locator('.start-round').click();
    const round2 = desk.getByRole('region', { name: 'Round 2 pairings' });
    await round2.waitFor({ timeout: 180_000 });
    const cells = await round2.getByRole('cell').allTextContents();
    expect(cells).toContain('BYE');
    expect(cells).not.toContain('Di');
    for (const p of [desk, judgePage]) await p.context().close();
  }, 900_000);
});
