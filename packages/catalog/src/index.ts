export * from './games';
export * from './present';
export * from './present.ids';
