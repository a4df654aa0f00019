// What "the board fits the screen" means, measured in the page: both players' panels inside the board's visible
// area with nothing scrolled away inside them, no zone's cards cut at the right, no label cut short (ellipsis
// or clipped), and no card covering another card's cost pill or a zone's label. Each problem in words.
import type { Page } from 'playwright-core';

export async function fitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const rect = (el: Element) => el.getBoundingClientRect();
    const where = (el: Element) => {
      const zone = el.closest('[data-zone]')?.getAttribute('data-zone');
      const player = el.closest('[data-player]')?.getAttribute('data-player');
      return `${player ?? 'shared'}${zone ? `/${zone}` : ''}`;
    };
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    const view = document.querySelector('.board-wrap') ?? document.body;
    const vr = rect(view);
    const bottom = Math.min(vr.bottom, window.innerHeight);
    const right = Math.min(vr.right, window.innerWidth);
    for (const p of document.querySelectorAll<HTMLElement>('.board > .player')) {
      const b = rect(p);
      if (b.bottom > bottom + 1 || b.right > right + 1 || b.top < vr.top - 1)
        out.push(
          `player ${p.dataset.player} is outside the board's visible area (${Math.round(b.top)}–${Math.round(b.bottom)} of ${Math.round(vr.top)}–${Math.round(bottom)})`,
        );
      if (p.scrollHeight > p.clientHeight + 2)
        out.push(
          `player ${p.dataset.player} hides ${p.scrollHeight - p.clientHeight}px of its zones (scrolls inside)`,
        );
    }
    for (const z of document.querySelectorAll<HTMLElement>('.zone-cards')) {
      if (z.scrollWidth > z.clientWidth + 2)
        out.push(`zone ${where(z)} is cut at the right (${z.scrollWidth}px of cards in ${z.clientWidth}px)`);
    }
    const labels =
      '.zone-label, .stat-label, .stat-chip, .tile-name, .tile-type, .tile-kw, .phase-strip li, .banner, .turn-no, .player-name strong, .pile-count';
    for (const el of document.querySelectorAll<HTMLElement>(labels)) {
      if (el.closest('.inspector')) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
        out.push(`label "${text(el)}" (${where(el)}, ${el.className}) is cut`);
      const b = rect(el);
      if (b.width > 0 && (b.right > right + 1 || b.left < vr.left - 1))
        out.push(`label "${text(el)}" (${where(el)}) is outside the board`);
    }
    const tiles = [...document.querySelectorAll<HTMLElement>('.board .tile')];
    const pills = [...document.querySelectorAll<HTMLElement>('.board .tile-cost')];
    const zoneLabels = [...document.querySelectorAll<HTMLElement>('.board .zone-label')];
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
      Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    for (const t of tiles) {
      const tr = rect(t);
      for (const pill of pills) {
        if (t.contains(pill)) continue;
        const pr = rect(pill);
        // Either way round counts: a tilted card paints above its later neighbours (a transform lifts it).
        if (overlap(tr, pr) > 4)
          out.push(
            `card "${text(t.querySelector('.tile-name') ?? t)}" (${where(t)}) covers the cost pill of "${text(pill.closest('.tile')!.querySelector('.tile-name')!)}"`,
          );
      }
      for (const l of zoneLabels)
        if (overlap(tr, rect(l)) > 4)
          out.push(
            `card "${text(t.querySelector('.tile-name') ?? t)}" (${where(t)}) covers the label "${text(l)}"`,
          );
    }
    return out;
  });
}
