// The site's Content-Security-Policy in Chromium against the real stack (issue 21): every page kind — the match
// list, a match page, the judges' review page and an overlay — is served with a per-request nonce in script-src
// and neither 'unsafe-inline' nor 'unsafe-eval', its scripts still run (each page is checked for something only
// client code draws), and the browser reports no CSP violation (securitypolicyviolation events, listened for
// before the page's own scripts, and console errors).
import { mintToken } from '@matchtape/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, SECRET, startWebStackWithEndedMatch, type WebStack } from './web-stack';

let stack: WebStack;
let matchId = '';
const judge = mintToken({ role: 'judge', ttlSeconds: 3600 }, { secret: SECRET });
const organiser = mintToken({ role: 'organiser', ttlSeconds: 3600 }, { secret: SECRET });

beforeAll(async () => {
  ({ stack, matchId } = await startWebStackWithEndedMatch(organiser));
  await apiJson(stack.api, `/api/matches/${matchId}/disputes`, {
    token: judge,
    body: { atSeq: 2, claim: 'Brook says Ada played out of turn', against: 'p1' },
  });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

interface Visit {
  page: Page;
  csp: string;
  /** What the browser reported: violation events and console errors about the CSP. */
  violations: () => Promise<string[]>;
}

/** Opens `path` in a fresh page that records CSP violations from before the site's first script. */
async function visit(path: string, viewport = { width: 1440, height: 1000 }): Promise<Visit> {
  const page = await stack.browser.newPage({ viewport });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /Content Security Policy|Content-Security-Policy|unsafe-eval|unsafe-inline/i.test(m.text())
    )
      consoleErrors.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  const res = await page.goto(stack.web + path);
  if (!res) throw new Error(`no response for ${path}`);
  const csp = res.headers()['content-security-policy'] ?? '';
  return {
    page,
    csp,
    violations: async () => [
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
      ...consoleErrors,
    ],
  };
}

function scriptSrc(csp: string): string[] {
  const directive = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  if (!directive)
    throw new Error(`the CSP has no script-src: ${csp || '(no Content-Security-Policy header)'}`);
  return directive.split(/\s+/).slice(1);
}

/** script-src has a nonce and 'strict-dynamic', no 'unsafe-inline'/'unsafe-eval'; the page's scripts carry that nonce. */
async function expectNonceCsp(v: Visit): Promise<string> {
  const sources = scriptSrc(v.csp);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  expect(sources).toContain("'strict-dynamic'");
  const nonces = sources.filter((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0]!.slice("'nonce-".length, -1);
  // The browser hides the attribute but keeps the property: Next put the request's nonce on its scripts.
  const withNonce = await v.page.evaluate(
    (n) => [...document.scripts].filter((s) => s.nonce === n).length,
    nonce,
  );
  expect(withNonce).toBeGreaterThan(0);
  return nonce;
}

async function expectNoViolations(v: Visit): Promise<void> {
  // Let late chunks and the SSE reader start before counting.
  await v.page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await v.violations()).toEqual([]);
  await v.page.close();
}

describe('content security policy (browser)', () => {
  it('the match list: a fresh nonce per request, client code runs, no violation', async () => {
    const v = await visit('/');
    await v.page.locator(`tr[data-match="${matchId}"][data-status="ended"]`).waitFor({ timeout: 60_000 });
    const first = await expectNonceCsp(v);
    const again = await visit('/');
    expect(await expectNonceCsp(again)).not.toBe(first);
    await expectNoViolations(again);
    await expectNoViolations(v);
  }, 120_000);

  it('a match page: the board is drawn in the browser, no violation', async () => {
    const v = await visit(`/matches/${matchId}`);
    await v.page.locator('.match-page .board').waitFor({ timeout: 60_000 });
    await expectNonceCsp(v);
    await expectNoViolations(v);
  }, 120_000);

  it('the review page with a judge token: the case is drawn, no violation', async () => {
    const v = await visit(`/matches/${matchId}/review?dispute=d1&token=${judge}`);
    await v.page.locator('.case[data-dispute="d1"]').waitFor({ timeout: 60_000 });
    // The page's script took the token out of the address bar.
    expect(v.page.url()).not.toContain('token=');
    await expectNonceCsp(v);
    await expectNoViolations(v);
  }, 120_000);

  it('an overlay: ready, on a transparent page (OBS), no violation', async () => {
    const v = await visit(`/overlay/${matchId}/scorebar`, { width: 1920, height: 1080 });
    await v.page.locator('[data-overlay="scorebar"][data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await v.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await expectNonceCsp(v);
    await expectNoViolations(v);
  }, 120_000);

  it('route handlers get a CSP that allows nothing (JSON, no documents)', async () => {
    const res = await fetch(`${stack.web}/api/matches/${matchId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  }, 30_000);
});
