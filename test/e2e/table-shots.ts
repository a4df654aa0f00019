// Screenshots of the player's table for the README (docs/table/): for each game a practice match opened from the
// home page ("Play against a bot"), played by clicking (table-player's walk) for a number of actions, then shot at
// 1280×800 and 1920×1080. A tool, not a test: nothing is asserted.
//   npx tsx test/e2e/table-shots.ts [--actions 30] [--out docs/table] [--games alpha-clash,the-spoils]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { player, step } from './table-player';
import { ROOT, startWebStack } from './web-stack';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const ACTIONS = Number(arg('actions', '30'));
const OUT = join(ROOT, arg('out', 'docs/table'));
const GAMES = arg('games', 'alpha-clash,grand-archive,the-spoils,elemental-clash').split(',');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

mkdirSync(OUT, { recursive: true });
const stack = await startWebStack({ botMinMs: 20, botMaxMs: 40 });
try {
  for (const game of GAMES) {
    const ctx = await stack.browser.newContext({ viewport: SIZES[0]! });
    const page = await ctx.newPage();
    await page.goto(stack.web + '/');
    await page.locator('#practice-game').selectOption(game);
    await page.locator('#practice-name').fill('Ada');
    await page.locator('.practice-start').click();
    await page.locator('.table-page').waitFor({ timeout: 60_000 });
    const me = player(page, 'Ada');
    const until = Date.now() + 240_000;
    while (me.actions < ACTIONS && Date.now() < until) {
      const r = await step(me);
      if (r === 'ended') break;
      if (r === 'idle') await page.waitForTimeout(60);
    }
    // The moment the player is asked something (not while a command is on its way).
    await page
      .waitForFunction(
        () => document.querySelector('.table-page')?.getAttribute('data-busy') === 'false',
        null,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      const path = join(OUT, `table-${game}-${size.width}x${size.height}.png`);
      await page.screenshot({ path });
      console.log(`${game}: ${me.actions} actions → ${path}`);
    }
    await ctx.close();
  }
} finally {
  await stack.stop();
}
