/** Alert rules on variance thresholds and the plain-English commentary. */
export * from './rules';
export * from './alerts';
export * from './commentary';
export * from './voice';
