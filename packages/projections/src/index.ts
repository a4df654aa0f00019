export * from './timeline';
export * from './stats';
export * from './summary';
