import { describeHiddenReshuffle } from './reshuffle';
import { coinRace, type CoinRaceState } from './fixture-game';

// Coin Race decks hold card names only (the instance is the name): each deck is the hidden random zone.
describeHiddenReshuffle<CoinRaceState>(coinRace, {
  zones: (s) =>
    Object.fromEntries(
      s.players.map((p) => [`${p.id} deck`, p.deck.map((c, i) => ({ id: `${i}`, cardId: c ?? '?' }))]),
    ),
  commands: 2,
  checkOrder: false,
});
