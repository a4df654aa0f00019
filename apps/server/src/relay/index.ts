// The outbox relay, for the server's `relay` role.
export {
  startRelay,
  type Relay,
  type RelayFaults,
  type RelayLogger,
  type RelayOptions,
  type RelayStats,
} from './relay';
