/**
 * One CPM run over a compiled network: forward pass, level-of-effort and summary spans, backward
 * pass, as-late-as-possible placement, floats and the critical flag. Everything stays in typed
 * arrays indexed by node (topological order); `activityResults` turns them into LocalDateTime
 * strings for the API edge.
 */
import { fromMinutes, type LocalDateTime } from '../model/dates';
import { AnalysisInputError } from '../model/errors';
import { KIND_SUMMARY } from './codes';
import { placeAlap } from './alap';
import { backwardPass, loeLateStarts, projectFinish } from './backward';
import { freeFloats, totalFloats } from './floats';
import type { CpmNetwork } from './compile';
import { forwardPass, loeSpans, summarySpans } from './forward';
import { resolveOptions, type CpmOptions } from './options';
import type { CpmSchedule } from './result';
import { markLongestPath } from './paths';

export type { CpmSchedule } from './result';

/** Schedules a compiled network. Options default to the file's (compileNetwork kept them) and then P6's. */
export function scheduleNetwork(net: CpmNetwork, options: CpmOptions = {}): CpmSchedule {
  const opt = resolveOptions(net.project, options);
  const n = net.n;
  if (opt.dataDate !== opt.dataDate && n > 0) {
    throw new AnalysisInputError(
      'The schedule has no data date, no project start and no activity dates, so there is nowhere to start scheduling from. Set the project’s data date (or start date) and schedule again.',
    );
  }
  const es = new Float64Array(n);
  const ef = new Float64Array(n);
  const ls = new Float64Array(n);
  const lf = new Float64Array(n);
  const driving = new Int32Array(n);
  forwardPass(net, opt, es, ef, driving);
  loeSpans(net, opt, es, ef);
  const finish = projectFinish(net, ef);
  const openEnd = opt.mustFinishBy === opt.mustFinishBy ? opt.mustFinishBy : finish;
  backwardPass(net, opt, es, ef, ls, lf, openEnd);
  loeLateStarts(net, ls, lf);
  summarySpans(net, es, ef);
  summarySpans(net, ls, lf);
  const totalFloat = new Float64Array(n);
  const freeFloat = new Float64Array(n);
  // Floats after as-late-as-possible placement: an ALAP activity has used up its free float, and
  // its total float is measured from where it now sits (P6's stored floats show both).
  placeAlap(net, opt, es, ef, lf);
  totalFloats(net, opt, es, ef, ls, lf, totalFloat);
  freeFloats(net, opt, es, ef, openEnd, freeFloat);
  const critical = new Uint8Array(n);
  if (opt.longestPath) markLongestPath(net, opt, es, ef, finish, critical);
  else {
    // A hundredth of a minute of slack: float comes from differences of float minutes.
    const limit = opt.criticalFloatHours + 1 / 6000;
    for (let i = 0; i < n; i++) critical[i] = totalFloat[i] <= limit && net.kind[i] !== KIND_SUMMARY ? 1 : 0;
  }
  return { net, options: opt, es, ef, ls, lf, totalFloat, freeFloat, critical, driving, finish };
}

/** One activity's CPM figures at the API edge. */
export interface ActivityCpm {
  id: string;
  code: string;
  earlyStart?: LocalDateTime;
  earlyFinish?: LocalDateTime;
  lateStart?: LocalDateTime;
  lateFinish?: LocalDateTime;
  /** Working hours on the activity's calendar; omitted for finished work. */
  totalFloat?: number;
  freeFloat?: number;
  critical: boolean;
  /** The activity id of the driving predecessor, when a link (not the data date or a constraint) drove it. */
  drivingPredecessorId?: string;
}

const date = (m: number): LocalDateTime | undefined => (Number.isFinite(m) ? fromMinutes(m) : undefined);
const hours = (h: number): number | undefined => (Number.isFinite(h) ? Math.round(h * 1e6) / 1e6 : undefined);

/**
 * The CPM figures of every activity, in topological order. Finished work shows its actual dates
 * as early and late dates and no float (its logic position, which P6 also computes, stays in
 * CpmSchedule's arrays); in-progress work shows the early start of its remaining work.
 */
export function activityResults(r: CpmSchedule): ActivityCpm[] {
  const { net } = r;
  const out: ActivityCpm[] = new Array(net.n);
  for (let i = 0; i < net.n; i++) {
    const d = r.driving[i];
    if (net.actFinish[i] === net.actFinish[i]) {
      const as = date(net.actStart[i]);
      const af = date(net.actFinish[i]);
      out[i] = { id: net.ids[i], code: net.codes[i], earlyStart: as, earlyFinish: af, lateStart: as, lateFinish: af, totalFloat: undefined, freeFloat: undefined, critical: false, drivingPredecessorId: undefined };
      continue;
    }
    out[i] = {
      id: net.ids[i],
      code: net.codes[i],
      earlyStart: date(r.es[i]),
      earlyFinish: date(r.ef[i]),
      lateStart: date(r.ls[i]),
      lateFinish: date(r.lf[i]),
      totalFloat: hours(r.totalFloat[i]),
      freeFloat: hours(r.freeFloat[i]),
      critical: r.critical[i] === 1,
      drivingPredecessorId: d >= 0 ? net.ids[net.predIdx[d]] : undefined,
    };
  }
  return out;
}
