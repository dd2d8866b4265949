/**
 * The critical path method: compile a schedule once (`compileNetwork`), schedule it
 * (`scheduleNetwork`), read the figures (`activityResults`, `drivingPath`).
 *
 *   const net = compileNetwork(schedule);          // throws AnalysisInputError on a logic loop
 *   const run = scheduleNetwork(net, { progressOverride: true });
 *   activityResults(run);                          // early/late dates, floats, critical, drivers
 */
export * from './codes';
export { compileNetwork, type CpmNetwork } from './compile';
export { LINK_FF, LINK_FS, LINK_SF, LINK_SS, type LinkCode, type NetworkArrays } from './network';
export { resolveOptions, type CpmOptions, type ResolvedCpmOptions } from './options';
export { drivingPath, markLongestPath } from './paths';
export { activityResults, scheduleNetwork, type ActivityCpm, type CpmSchedule } from './schedule';
