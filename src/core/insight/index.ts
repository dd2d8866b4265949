/** Alert rules on variance thresholds, card statuses from the same rules, the plain-English commentary, and the dashboard bundle. */
export * from './rules';
export * from './alerts';
export * from './status';
export * from './commentary';
export * from './voice';
export * from './dashboard';
export * from './variance';
export * from './thresholds';
