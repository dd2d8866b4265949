export * from './passwords';
export * from './tokens';
export * from './refresh';
export * from './users';
