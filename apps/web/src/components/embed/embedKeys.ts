// The embed's step keys: ←/→ an event, Shift+←/→ a turn, Home/End the ends (End on a live match: follow it), and
// Space play/pause.
import type { TimelineNav } from '../../lib/timeline';

/** What a key does: seek to an event, follow the live end, or play/pause. */
export type EmbedKeyAction = { seek: number } | { live: true } | { toggle: true };

export interface KeyContext {
  /** The event shown. */
  seq: number;
  nav: Pick<TimelineNav, 'prevTurnStart' | 'nextTurnStart'>;
  length: number;
  isLive: boolean;
}

/** The key's action, or null when the embed leaves the key alone. */
export function embedKeyAction(key: string, shift: boolean, c: KeyContext): EmbedKeyAction | null {
  switch (key) {
    case 'ArrowLeft':
      return { seek: shift ? c.nav.prevTurnStart(c.seq) : c.seq - 1 };
    case 'ArrowRight':
      return { seek: shift ? c.nav.nextTurnStart(c.seq) : c.seq + 1 };
    case 'Home':
      return { seek: 0 };
    case 'End':
      return c.isLive ? { live: true } : { seek: c.length };
    case ' ':
      return { toggle: true };
    default:
      return null;
  }
}

/** The key belongs to something else on the page: arrows inside a toolbar (the scrubber's), Space on a button. */
export function keyIsTheTargets(key: string, target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  if (t && t.closest('[role="toolbar"]') && key.startsWith('Arrow')) return true;
  return key === ' ' && t?.tagName === 'BUTTON';
}
