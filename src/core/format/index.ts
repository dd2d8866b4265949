/** Display formatting: the only place figures are rounded. */
export * from './numbers';
export * from './dates';
