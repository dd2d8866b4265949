/** Plans, prices, the trial, add-ons, limits and subscription resolution (spec §3, §4, §6, §9). */
export * from './constants';
export * from './catalogue';
export * from './details';
export * from './trial';
export * from './resolve';
export * from './allowance';
