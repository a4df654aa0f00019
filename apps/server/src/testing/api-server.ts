// Test fixture: the API server as most route tests start it, on a store the test opens, and the start position
// of a scenario file for a match created from a position.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { games } from '@matchtape/games';
import type { EventStore } from '@matchtape/store';
import { createServer, type MatchtapeServer, type ServerOptions } from '../app';
import { registryOf } from '../games';

/** Rate limits a test never meets (a test of the limits sets its own). */
export const UNLIMITED = { perSecond: 10_000, burst: 10_000 };

/** The API role over `store`: every game, no bus, no bots, no log; `options` override any of it. */
export function apiServer(store: EventStore, options: Partial<ServerOptions> = {}): Promise<MatchtapeServer> {
  return createServer({
    store,
    bus: null,
    games: registryOf(games),
    roles: ['api'],
    bots: false,
    logger: false,
    ...options,
  });
}

/** What POST /api/matches takes as `position` from a scenario file (packages/games/<game>/scenarios/<name>.json). */
export function scenarioPosition(game: string, name: string): Record<string, unknown> {
  const url = new URL(`../../../../packages/games/${game}/scenarios/${name}.json`, import.meta.url);
  const file = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, unknown>;
  return { players: file.players, start: file.start, ...(file.cards ? { cards: file.cards } : {}) };
}
