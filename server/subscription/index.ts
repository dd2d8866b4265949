/** Profiles, subscription details and the free trial (spec §3, §4, §7, §8). */
export * from './profiles';
export * from './service';
export * from './routes';
// The profile and trial ids live with every other id in server/store/ids; re-exported for callers of this module.
export { profileDocId, trialDocId } from '../store/ids';
