// How the server finds a game module by id. main.ts passes the catalog (@matchtape/games); tests may pass
// a registry including the kernel's test fixture.
import type { AnyGameModule } from '@matchtape/engine';

export interface GameRegistry {
  get(id: string): AnyGameModule;
  ids(): string[];
}

export function registryOf(games: Readonly<Record<string, AnyGameModule>>): GameRegistry {
  return {
    get(id) {
      // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
      const g = Object.hasOwn(games, id) ? games[id] : undefined;
      if (!g) throw new Error(`unknown game "${id}"; implemented games: ${Object.keys(games).join(', ')}`);
      return g;
    },
    ids: () => Object.keys(games),
  };
}
