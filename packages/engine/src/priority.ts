// A generic priority / response window: the holder acts or passes; when every player has passed in
// succession the window closes (the top of the stack resolves, or the step ends). Alpha Clash's Standby,
// Grand Archive's effects stack and Opportunity are configurations of this.
import type { PlayerId } from './ids';

export interface PriorityWindow {
  /** Player order for passing, starting with who gets priority first (APNAP). */
  order: PlayerId[];
  holder: PlayerId;
  /** Players who have passed since the last action. */
  passed: PlayerId[];
}

export function openWindow(order: PlayerId[], first: PlayerId = order[0]!): PriorityWindow {
  return { order, holder: first, passed: [] };
}

export function nextInOrder(order: readonly PlayerId[], player: PlayerId): PlayerId {
  const i = order.indexOf(player);
  return order[(i + 1) % order.length]!;
}

/** The holder passes: priority moves on, and the window reports whether everyone has now passed in succession. */
export function passPriority(w: PriorityWindow): { window: PriorityWindow; allPassed: boolean } {
  const passed = w.passed.includes(w.holder) ? w.passed : [...w.passed, w.holder];
  const allPassed = passed.length >= w.order.length;
  return { window: { ...w, holder: nextInOrder(w.order, w.holder), passed }, allPassed };
}

/** The holder acted (played, activated): passes reset, and `to` (usually the same player) holds priority. */
export function actedWithPriority(w: PriorityWindow, to: PlayerId = w.holder): PriorityWindow {
  return { ...w, holder: to, passed: [] };
}

/** APNAP order starting from the active player. */
export function apnap(order: readonly PlayerId[], active: PlayerId): PlayerId[] {
  const i = order.indexOf(active);
  return [...order.slice(i), ...order.slice(0, i)];
}
