export * from './passwords';
export * from './tokens';
export * from './refresh';
export * from './users';
export * from './secret';
export * from './links';
export * from './middleware';
export * from './routes';
