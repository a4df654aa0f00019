export * from './timeline';
export * from './stats';
export * from './summary';
export * from './read-models';
