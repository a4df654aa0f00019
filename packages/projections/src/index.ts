export * from './timeline';
export * from './stats';
export * from './summary';
export * from './knowledge';
export * from './diff';
export * from './decision-times';
