// The game kit: what every game builds on (packages/engine/src/kit/README.md).
export * from './draft';
export * from './machine';
export * from './hidden';
export * from './session';
export * from './events';
export * from './bots';
export * from './start';
export * from './test-card-id';
export * from './game';
export * from './clock';
export * from './rules-table';
