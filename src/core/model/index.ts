export * from './dates';
export * from './schedule';
export * from './columnar';
export * from './validate';
export * from './synthetic';
export * from './statusDate';
