// Every implemented game, by id. Hosts (server, CLI, site) look games up here and nowhere else.
import type { AnyGameModule } from '@matchtape/engine';
import { alphaClash } from '@matchtape/alpha-clash';
import { elementalClash } from '@matchtape/elemental-clash';
import { grandArchive } from '@matchtape/grand-archive';
import { theSpoils } from '@matchtape/the-spoils';

export const games: Readonly<Record<string, AnyGameModule>> = {
  [alphaClash.id]: alphaClash,
  [grandArchive.id]: grandArchive,
  [theSpoils.id]: theSpoils,
  [elementalClash.id]: elementalClash,
};

export function getGame(id: string): AnyGameModule {
  const g = games[id];
  if (!g) throw new Error(`unknown game "${id}"; implemented games: ${Object.keys(games).join(', ')}`);
  return g;
}

export const gameIds = Object.keys(games);
