// Who plays first in game 2+ of a tournament pairing, per game, from the rules documents (digests in
// /work/shared/rules). Where the loser chooses, the server seats the loser first and starts the match with
// `firstPlayer: 'p1'` (the loser is assumed to choose to play first, as is customary); elsewhere the game's setup
// decides at random and the seats alternate.
import type { NextGameFirst } from '@matchtape/events';

const BY_GAME: Record<string, NextGameFirst & { option: boolean }> = {
  // CR 103.1: "later games: the loser of the previous game chooses; after a draw, the previous chooser again".
  'alpha-clash': { policy: 'loser', rule: '103.1', option: true },
  // 1.4.7.b: in later games of a match the loser chooses.
  'grand-archive': { policy: 'loser', rule: '1.4.7.b', option: true },
  // Comprehensive Rules Reference: a random player chooses who goes first, every game (no match rule).
  'the-spoils': { policy: 'game', rule: null, option: false },
  // §4.0: random first player.
  'elemental-clash': { policy: 'game', rule: null, option: false },
};

export function nextGameFirstFor(game: string): NextGameFirst {
  const x = BY_GAME[game];
  return x ? { policy: x.policy, rule: x.rule } : { policy: 'game', rule: null };
}

/** Match options seating `p1` first, for games whose setup accepts a chosen first player. */
export function firstPlayerOptions(game: string, gameNo: number): Record<string, unknown> | undefined {
  return gameNo > 1 && BY_GAME[game]?.option ? { firstPlayer: 'p1' } : undefined;
}
