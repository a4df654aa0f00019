// The site's words: the shared present layer (@matchtape/games, present.ts), which the server's case files use too.
export {
  diffWords,
  eventWords,
  zoneWords,
  humanLine,
  humanPhase,
  humanText,
  positionText,
  positionWords,
  seatLabel,
  seatNames,
  winnerLine,
  type DiffChange,
  type Seat,
} from '@matchtape/games';
