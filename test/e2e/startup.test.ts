// What a newcomer sees on `npm ci && npm start`: no warnings that a pinned version or a current API avoids.
// Every installed package supports the Node version the README and package.json promise, and the server starts
// without deprecation warnings.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mintToken } from '@matchtape/server';
import { chromium, type Browser } from 'playwright-core';
import { serveBuildingPage } from '../../scripts/building-page.mjs';
import { apiJson, freePort, ROOT, SECRET } from './web-stack';

/** The lowest version a simple engines range (">=22", ">= 22.x", "^20.9.0", ">=18.0.0") allows; null when it says nothing. */
function lowestAllowed(range: string): [number, number] | null {
  const m = /^\s*(?:>=?|\^|~)?\s*(\d+)(?:\.(\d+|x))?/.exec(range);
  if (!m) return null;
  return [Number(m[1]), m[2] === undefined || m[2] === 'x' ? 0 : Number(m[2])];
}

describe('start-up without avoidable warnings', () => {
  it('every package in the lockfile runs on the minimum Node the project states', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const min = lowestAllowed(root.engines.node)!;
    expect(min[0]).toBeGreaterThanOrEqual(20);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Requires Node ${min[0]}.${min[1]}`);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const tooNew = Object.entries(lock.packages).flatMap(([path, p]) => {
      const node = !p.engines || Array.isArray(p.engines) ? undefined : p.engines.node;
      const low = node ? lowestAllowed(node) : null;
      return low && (low[0] > min[0] || (low[0] === min[0] && low[1] > min[1]))
        ? [`${path} wants node ${node}`]
        : [];
    });
    expect(tooNew).toEqual([]);
  });

  it('the server starts without deprecation warnings; while the site builds, its port shows live boards that move', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchtape-startup-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MATCHTAPE_DATA_DIR: dataDir,
      MATCHTAPE_PORT: String(port),
      MATCHTAPE_HOST: '127.0.0.1',
      MATCHTAPE_SECRET: SECRET,
      MATCHTAPE_BOT_MIN_MS: '300',
      MATCHTAPE_BOT_MAX_MS: '400',
    };
    delete env.DATABASE_URL;
    delete env.NATS_URL;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts'), '--port', String(port)],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    let interim: { close(): Promise<void> } | null = null;
    let browser: Browser | null = null;
    try {
      const until = Date.now() + 240_000; // tsx took two minutes on a loaded 2-core machine (web-stack.ts)
      while (!/Matchtape server .* on http/.test(out)) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${out}`);
        if (Date.now() > until) throw new Error(`the server did not start within 240 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1000));
      expect(out).not.toMatch(/Deprecation|DeprecationWarning|EBADENGINE|\(node:\d+\) \[/);

      // What `npm start` serves on the site's port during a first build (scripts/building-page.mjs).
      const api = `http://127.0.0.1:${port}`;
      const sitePort = await freePort();
      interim = await serveBuildingPage(sitePort, api);
      await apiJson(api, '/api/matches', {
        token: mintToken({ role: 'organiser', ttlSeconds: 600 }, { secret: SECRET }),
        body: {
          game: 'elemental-clash',
          players: [
            { name: 'North Bot', bot: 'greedy' },
            { name: 'South Bot', bot: 'random' },
          ],
        },
      });
      browser = await chromium.launch({
        executablePath: process.env.MATCHTAPE_CHROMIUM ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
      });
      const page = await browser.newPage();
      const csp: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/.test(m.text())) csp.push(m.text());
      });
      await page.goto(`http://127.0.0.1:${sitePort}/`);
      await expect.poll(() => page.locator('#status').textContent()).toMatch(/being built/);
      const board = page.locator('section.match[aria-label="North Bot vs South Bot"]');
      await board.waitFor({ timeout: 30_000 });
      const eventOf = async () =>
        Number(/event (\d+)/.exec((await board.locator('.meta').textContent()) ?? '')?.[1]);
      const first = await eventOf();
      await expect.poll(eventOf, { timeout: 30_000 }).toBeGreaterThan(first);
      expect(await board.locator('.player').count()).toBe(2);
      expect(csp).toEqual([]);
    } finally {
      await browser?.close();
      await interim?.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 360_000);
});
