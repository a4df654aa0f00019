// Registering a player with the organiser token: a name, a decklist (or a preset's name) and, for a bot seat,
// which bot. A refused decklist (422) comes back line by line, each with what is wrong with it.
import type { EventView, Registered } from '@matchtape/server/events-contract';
import type { DeckLine } from '../../lib/table';

export type Bot = '' | 'greedy' | 'random';

/** The decklist was refused; `lines` says which lines and why (line 0: the deck as a whole). */
export class DeckRefused extends Error {
  constructor(
    message: string,
    readonly lines: DeckLine[],
  ) {
    super(message);
  }
}

/** POST {api}/players; throws DeckRefused for a refused decklist, an Error with the server's words otherwise. */
export async function registerPlayer(
  api: string,
  token: string,
  player: { name: string; deck: string; bot: Bot },
): Promise<void> {
  const { name, deck, bot } = player;
  const r = await fetch(`${api}/players`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ name: name.trim(), deck: deck.trim(), ...(bot ? { bot } : {}) }),
  });
  const body = (await r.json()) as Registered & { message?: string; lines?: DeckLine[] };
  if (r.status === 422 && body.lines)
    throw new DeckRefused(body.message ?? 'the decklist was refused; see its lines', body.lines);
  if (!r.ok) throw new Error(body.message ?? `the server answered ${r.status}`);
}

/** The event as the server has it now (null when it cannot answer). */
export async function readEvent(api: string): Promise<EventView | null> {
  const v = await fetch(api, { cache: 'no-store' });
  return v.ok ? ((await v.json()) as EventView) : null;
}
