export * from './timeline';
export * from './stats';
export * from './summary';
export * from './read-models';
export * from './knowledge';
export * from './diff';
export * from './decision-times';
export * from './turn-figures';
