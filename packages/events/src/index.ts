// @matchtape/events: a tournament as an event-sourced aggregate (pure: no I/O, no clock, no Math.random).
export * from './model';
export * from './events';
export { initialEvent, evolveEvent, foldEvent } from './evolve';
export {
  decideEvent,
  nextFirst,
  resultOf,
  tally,
  type Decision,
  type DecideContext,
  type Refusal,
} from './decide';
export { pairSwiss, pairTopCut, pairNextCut, bracketSeeds, pairingOrder, type SwissPairs } from './pairing';
export { standings, metBefore, hadBye, pairKey, FLOOR } from './standings';
export { standingsCsv, pairingsCsv, EVENT_STREAM_FORMAT } from './export';
export { featuredGame, eventAsOf, type FeaturedGame } from './featured';
