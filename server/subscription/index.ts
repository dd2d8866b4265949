/** Profiles, subscription details and the free trial (spec §3, §4, §7, §8). */
export * from './profiles';
export * from './service';
export * from './routes';
