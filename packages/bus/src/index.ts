// @matchtape/bus: one Bus interface over NATS JetStream and an in-process bus.
export * from './types';
export { openBus, type OpenBusOptions } from './open';
export { MemoryBus, type MemoryBusOptions } from './memory';
export { NatsBus, type NatsAuth, type NatsBusOptions } from './nats';
export { subjectMatches } from './subject';
