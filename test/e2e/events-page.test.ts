// The event page in Chromium (lean: one event of four bot players, one round): pairings with links to each game's
// table, the round clock, the player's own pairing from their invite (the token leaves the address bar), then
// the published standings and the exports.
import { mintToken } from '@matchtape/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, openSitePage, SECRET, startWebStack, type WebStack } from './web-stack';

const organiser = () => mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });
let stack: WebStack;
let eventId = '';
let invite = '';

beforeAll(async () => {
  stack = await startWebStack({
    botMinMs: 0,
    botMaxMs: 0,
    // The event starts while the site builds.
    onServer: async (api) => {
      eventId = (await apiJson<{ eventId: string }>(api, '/api/events', { token: organiser(), body: { name: 'Friday Night Clash', game: 'alpha-clash', swissRounds: 1, bestOf: 1, roundMinutes: 50 } })).eventId;
      for (const name of ['Ada', 'Bo', 'Cy', 'Di']) {
        const r = await apiJson<{ invite: string }>(api, `/api/events/${eventId}/players`, { token: organiser(), body: { name, deck: 'torque-red-rush', bot: 'greedy' } });
        if (name === 'Ada') invite = r.invite;
      }
      await apiJson(api, `/api/events/${eventId}/rounds`, { token: organiser(), method: 'POST' });
    },
  });
}, 900_000);
afterAll(() => stack?.stop());

describe('the event page', () => {
  it('shows pairings, table links, the round clock and the player their pairing, then standings and exports', async () => {
    const page = await openSitePage(stack, invite);
    await page.getByRole('heading', { name: 'Friday Night Clash' }).waitFor();
    // The invite's token is kept in the browser, not in the address bar.
    await page.waitForFunction(() => !window.location.hash.includes('player='));
    expect(page.url()).not.toContain('player=');
    await page.getByRole('region', { name: 'Round 1 pairings' }).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    const link = page.getByRole('link', { name: /Table 1 game 1/ });
    expect(await link.getAttribute('href')).toMatch(/^\/matches\/m_/);
    // The player's own pairing appears from their token (their seat link while the game runs, or its result).
    await page.getByRole('region', { name: 'Your pairing' }).waitFor();
    expect(await page.getByRole('heading', { name: 'You: Ada' }).count()).toBe(1);
    // Standings once the round is over (the page follows the event by itself).
    await page.getByRole('cell', { name: '3', exact: true }).first().waitFor({ timeout: 600_000 });
    const standings = page.getByRole('region', { name: 'Standings' });
    await standings.getByText('after round 1').waitFor();
    expect(await standings.getByRole('row').count()).toBe(5);
    const csv = await page.request.get(stack.web + (await standings.getByRole('link', { name: 'standings CSV' }).getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe('rank,player,name,points,record,mw%,omw%,gw%,ogw%,dropped');
  }, 900_000);
});
