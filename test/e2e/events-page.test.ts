// The event page in Chromium (lean: one event of four bot players, one round): the organiser creates the event in the
// "New event" form, registers the players in the event page's panel (a refused decklist answered line by line),
// reads one invite link per player and starts round 1; then pairings with links to each game's table, the round
// clock (on the event page and at a table), the player's own pairing from their invite (the token leaves the
// address bar), the published standings and the exports.
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSitePage, SECRET, startWebStack, type WebStack } from './web-stack';

const organiser = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
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
    await page.getByLabel(`Invite link for ${name}`).waitFor();
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

describe('the event page', () => {
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
    await standings.getByText('after round 1').waitFor();
    expect(await standings.getByRole('row').count()).toBe(5);
    const csv = await page.request.get(
      stack.web + (await standings.getByRole('link', { name: 'standings CSV' }).getAttribute('href'))!,
    );
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'rank,player,name,points,record,mw%,omw%,gw%,ogw%,dropped',
    );
  }, 900_000);
});
