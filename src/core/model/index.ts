export * from './dates';
export * from './schedule';
