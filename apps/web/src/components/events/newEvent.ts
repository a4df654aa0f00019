// A new event's options as the organiser's form holds them, what "Create event" needs before it may be pressed,
// and the request that creates the event.
import type { CreateEventBody } from '@matchtape/server/events-contract';
import { requestJson } from '../../lib/api';

/** The form's fields: what POST /api/events takes, but the game (picked beside the form). */
export type EventOptions = Omit<CreateEventBody, 'game'>;

/** The form's starting point: three Swiss rounds of best of three, 50 minutes and 3 extra turns, no top cut. */
export const DEFAULT_OPTIONS: EventOptions = {
  name: '',
  swissRounds: 3,
  topCut: 0,
  bestOf: 3,
  roundMinutes: 50,
  extraTurns: 3,
  spectatorDelaySeconds: 0,
  revealPolicy: 'hidden',
};

/** The event may be created: not already being created, with a game, an organiser token and a name. */
export const canCreate = (busy: boolean, game: string, token: string, o: EventOptions): boolean =>
  !busy && !!game && !!token.trim() && !!o.name.trim();

/** Creates the event (POST /api/events with the organiser token); answers its id. */
export async function createEvent(token: string, o: EventOptions, game: string): Promise<string> {
  const b = await requestJson(
    '/api/events',
    { token: token.trim() },
    { method: 'POST', body: { ...o, name: o.name.trim(), game } },
  );
  return (b as { eventId: string }).eventId;
}
