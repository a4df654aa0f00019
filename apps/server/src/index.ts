// @matchtape/server: the server as a library (tests, the CLI's bench, scripts).
export {
  createServer,
  ALL_ROLES,
  KNOWN_ROLES,
  type MatchtapeServer,
  type ServerOptions,
  type Role,
  type RateLimits,
} from './app';
export {
  EngineHost,
  HostError,
  type CommandOutcome,
  type CreateMatchInput,
  type HostedMatchConfig,
} from './host/engine-host';
export { BotDriver, type BotOptions } from './bots';
export { LiveGateway } from './live/gateway';
export { SeatPresence, type PresenceTimers } from './live/presence';
export { PublicPublisher, publicMsgId } from './live/publisher';
export { registryOf, type GameRegistry } from './games';
export { resolveAccess, type Access } from './viewers';
export * from './auth/tokens';
export { openSse, type SseMessage, type SseConnection } from './testing/sse';
export { ManualTimers } from './testing/manual-timers';
export { benchLive, type BenchLiveOptions, type BenchLiveResult } from './bench';
export { benchFocus, type BenchFocusOptions, type BenchFocusResult } from './bench-focus';
export { startRelay, type Relay, type RelayOptions } from './relay';
export { busAuth, loadConfig, type Config, type NatsAuthConfig } from './config';
export {
  forkMatch,
  startFromPosition,
  forkOfRecord,
  type ForkInput,
  type PositionInput,
  type CreatedMatch,
} from './judges/replay';
export { verifyMatchInStore, type StoredVerification } from './judges/replay-verify';
export { tableActions } from './table/offers';
export { deckText, parseDeckText } from './table/decks';
