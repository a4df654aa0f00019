// A player at the table, driven only through what the page shows: the highlighted cards, the offered buttons,
// the Pass button. The choice among them is a strategy (attacks first, then plays, then moving on) so a match
// reaches its end in a reasonable time; it never sends a command the page did not offer.
import type { Locator, Page } from 'playwright-core';

export interface Shown {
  status: string;
  busy: boolean;
  turn: number;
  actionsSeq: number;
  /** Highlighted targets or payments to pick (tiles and players), and the "done" offers of a multi-pick. */
  picks: { id: string; player: boolean }[];
  done: number;
  list: number;
  /** Items of a list to put in order (0 while none is asked or the rest of a confirmed order is being sent). */
  order: number;
  groups: { kind: string; type: string; index: number }[];
  sources: { id: string; kinds: string[] }[];
  pass: boolean;
  picked: boolean;
  refusal: string | null;
}

export async function shown(page: Page): Promise<Shown | null> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.table-page');
    if (!root) return null;
    const board = document.querySelector<HTMLElement>('.board');
    return {
      status: root.dataset.status ?? '',
      busy: root.dataset.busy === 'true',
      turn: Number(board?.dataset.turn ?? 0),
      actionsSeq: Number(root.dataset.actionsSeq),
      picks: [
        ...document.querySelectorAll<HTMLElement>('.board [data-role="target"], .board [data-role="pay"]'),
      ].map((e) => ({ id: e.dataset.id ?? '', player: e.classList.contains('player-pick') })),
      done: document.querySelectorAll('.choice-done').length,
      list: document.querySelectorAll('.offer-item').length,
      order: document.querySelector('.order-confirm:not([disabled])')
        ? document.querySelectorAll('.order-item').length
        : 0,
      groups: [...document.querySelectorAll<HTMLElement>('.offer-group')].map((b, index) => ({
        kind: b.dataset.kind ?? '',
        type: b.dataset.type ?? '',
        index,
      })),
      sources: [...document.querySelectorAll<HTMLElement>('.board [data-role="source"]')].map((e) => ({
        id: e.dataset.id ?? '',
        kinds: (e.dataset.kinds ?? '').split(' '),
      })),
      pass: !!document.querySelector('.pass-btn'),
      picked: !!document.querySelector('.panel-picked'),
      refusal: document.querySelector('.refusal')?.textContent ?? null,
    };
  });
}

/** Moving-on actions: ending a step or turn, finishing a declaration, keeping a hand. */
const MOVE_ON = /^(End|Finish|Confirm|Done|Keep|Decline|Skip|Pass)|EndMulligan|KeepHand/;

export interface Player {
  page: Page;
  name: string;
  /** Actions other than moving on, per turn: a cap so no loop of cheap actions (attach / unattach) runs forever. */
  budget: Map<number, number>;
  actions: number;
  refusals: string[];
  /** Orders of simultaneous triggers put by this player. */
  ordered: number;
}

export function player(page: Page, name: string): Player {
  return { page, name, budget: new Map(), actions: 0, refusals: [], ordered: 0 };
}

const PER_TURN = 6;

/**
 * The nth `selector` of the page, while the page still shows the offers `s` was read from; null once they changed
 * (the opponent or a bot acted meanwhile, so an index may name another offer or none), and the caller reads again.
 */
async function stillOffered(p: Player, selector: string, nth: number, s: Shown): Promise<Locator | null> {
  const seq = await p.page.locator('.table-page').getAttribute('data-actions-seq', { timeout: 5_000 });
  if (Number(seq) !== s.actionsSeq) return null;
  const el = p.page.locator(selector).nth(nth);
  return (await el.count()) > 0 ? el : null;
}

async function clickAndWait(p: Player, selector: string, nth: number, before: Shown): Promise<void> {
  const el = await stillOffered(p, selector, nth, before);
  if (!el) return;
  // The offers may still change between that check and the click (the button detached): read the page again.
  if (
    !(await el.click({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  )
    return;
  // Sent: the offers are spent until the next actions arrive (a new seq), or the match ends, or a refusal shows.
  await p.page.waitForFunction(
    (seq) => {
      const root = document.querySelector<HTMLElement>('.table-page');
      if (!root) return false;
      return (
        root.dataset.status === 'ended' ||
        !!document.querySelector('.refusal') ||
        (root.dataset.busy === 'false' && Number(root.dataset.actionsSeq) !== seq)
      );
    },
    before.actionsSeq,
    { timeout: 20_000 },
  );
  p.actions += 1;
}

/**
 * One decision if the page offers one. 'ended' when the match is over; 'acted' after a click that sent a
 * command (or picked a card); 'idle' when there is nothing to do now.
 */
export async function step(p: Player): Promise<'ended' | 'acted' | 'idle'> {
  const s = await shown(p.page);
  if (!s) return 'idle';
  if (s.status === 'ended') return 'ended';
  if (s.refusal) {
    p.refusals.push(s.refusal);
    await p.page.locator('.refusal button').click();
    return 'acted';
  }
  if (s.busy) return 'idle';
  const spent = p.budget.get(s.turn) ?? 0;
  const spend = () => p.budget.set(s.turn, spent + 1);

  // A target or payment to pick on the board: players first (attacking the player ends a match sooner).
  if (s.picks.length > 0) {
    const i = Math.max(
      0,
      s.picks.findIndex((x) => x.player),
    );
    const id = s.picks[i]!.id;
    await p.page.locator('.board [data-role="target"], .board [data-role="pay"]').nth(i).click();
    // The pick is taken (no longer offered) or, when it was the last one, the command is on its way.
    await p.page.waitForFunction(
      (picked) => {
        const root = document.querySelector<HTMLElement>('.table-page');
        if (!root || root.dataset.busy === 'true' || root.dataset.status === 'ended') return true;
        return ![
          ...document.querySelectorAll<HTMLElement>('.board [data-role="target"], .board [data-role="pay"]'),
        ].some((e) => e.dataset.id === picked);
      },
      id,
      { timeout: 10_000 },
    );
    const after = await shown(p.page);
    if (after && (after.busy || after.actionsSeq !== s.actionsSeq)) await waitSettled(p, s);
    return 'acted';
  }
  if (s.done > 0) {
    await clickAndWait(p, '.choice-done', 0, s);
    return 'acted';
  }
  if (s.list > 0) {
    await clickAndWait(p, '.offer-item', 0, s);
    return 'acted';
  }
  // Triggers to put in order: the last one first, moved up by keyboard (Alt+↑ on the focused item), then confirmed.
  if (s.order > 0) {
    const last = p.page.locator('.order-item').nth(s.order - 1);
    await last.focus();
    for (let i = 1; i < s.order; i++) await p.page.keyboard.press('Alt+ArrowUp');
    p.ordered += 1;
    await clickAndWait(p, '.order-confirm', 0, s);
    return 'acted';
  }
  // A card picked: its actions are listed; take the attack, else the first.
  if (s.picked) {
    const g =
      s.groups.find((x) => x.kind === 'attack') ?? s.groups.find((x) => x.kind === 'play') ?? s.groups[0];
    if (!g) {
      await p.page.keyboard.press('Escape');
      return 'acted';
    }
    spend();
    return clickGroup(p, g.index, s);
  }
  const general = (kind: string) => s.groups.find((x) => x.kind === kind);
  const mull = general('mulligan');
  if (mull) {
    const keep = s.groups.find((x) => x.kind === 'mulligan' && MOVE_ON.test(x.type)) ?? mull;
    return clickGroup(p, keep.index, s);
  }
  if (spent < PER_TURN) {
    const attacker = s.sources.find((x) => x.kinds.includes('attack'));
    const attack = general('attack');
    if (attack) {
      spend();
      return clickGroup(p, attack.index, s);
    }
    if (attacker) return pickSource(p, attacker.id);
    const block = general('block');
    if (block) {
      spend();
      return clickGroup(p, block.index, s);
    }
    const play = s.sources.find((x) => x.kinds.includes('play') || x.kinds.includes('pay'));
    if (play) return pickSource(p, play.id);
    const playGroup = s.groups.find(
      (x) => x.kind === 'play' || x.kind === 'pay' || x.kind === 'order' || x.kind === 'choose',
    );
    if (playGroup) {
      spend();
      return clickGroup(p, playGroup.index, s);
    }
  }
  if (s.pass) {
    await clickAndWait(p, '.pass-btn', 0, s);
    return 'acted';
  }
  // Cancelling an activation last: activating and cancelling again would loop.
  const moveOn =
    s.groups.find((x) => MOVE_ON.test(x.type)) ??
    s.groups.find((x) => x.kind !== 'concede' && x.kind !== 'activate' && !/Cancel/.test(x.type)) ??
    s.groups[0];
  if (moveOn) return clickGroup(p, moveOn.index, s);
  // Only cards can act (and the budget is spent): the first card's first action.
  const any = s.sources[0];
  if (any) return pickSource(p, any.id);
  return 'idle';
}

async function waitSettled(p: Player, before: Shown): Promise<void> {
  await p.page.waitForFunction(
    (seq) => {
      const root = document.querySelector<HTMLElement>('.table-page');
      return (
        !!root &&
        (root.dataset.status === 'ended' ||
          !!document.querySelector('.refusal') ||
          (root.dataset.busy === 'false' && Number(root.dataset.actionsSeq) !== seq))
      );
    },
    before.actionsSeq,
    { timeout: 20_000 },
  );
  p.actions += 1;
}

async function clickGroup(p: Player, index: number, s: Shown): Promise<'acted'> {
  const btn = await stillOffered(p, '.offer-group', index, s);
  if (!btn) return 'acted';
  const ways = Number(await btn.getAttribute('data-count'));
  if (ways > 1) {
    // Several ways: the page asks for a target / payment / one of a list next.
    await btn.click();
    return 'acted';
  }
  await clickAndWait(p, '.offer-group', index, s);
  return 'acted';
}

async function pickSource(p: Player, id: string): Promise<'acted'> {
  await p.page.locator(`.board [data-role="source"][data-id="${id}"]`).first().click();
  await p.page.locator('.panel-picked').waitFor({ timeout: 5000 });
  return 'acted';
}

/** Plays every page's seat until each table says the match has ended (bounded by `maxMs`); `onAction` after each. */
export async function playToEnd(
  players: Player[],
  maxMs: number,
  onAction?: (total: number) => Promise<void>,
): Promise<void> {
  const until = Date.now() + maxMs;
  const done = new Set<Player>();
  while (done.size < players.length) {
    if (Date.now() > until) {
      const states = await Promise.all(
        players.map(async (p) => `${p.name}: ${JSON.stringify(await shown(p.page))}`),
      );
      throw new Error(
        `the match did not end within ${maxMs / 1000}s; after ${players.map((p) => `${p.name} ${p.actions}`).join(', ')} actions:\n${states.join('\n')}`,
      );
    }
    let any = false;
    for (const p of players) {
      if (done.has(p)) continue;
      const r = await step(p);
      if (r === 'ended') done.add(p);
      if (r === 'acted') {
        any = true;
        await onAction?.(players.reduce((n, x) => n + x.actions, 0));
      }
    }
    if (!any) await new Promise((r) => setTimeout(r, 60));
  }
}
