/**
 * Options of one CPM run, resolved from the schedule's own settings (Project.scheduling, as the
 * readers found them in the file) with P6's defaults where the file says nothing, and any
 * caller overrides on top.
 */
import { tryToMinutes, type LocalDateTime } from '../model/dates';
import type { Project, SchedulingOptions } from '../model/schedule';

export interface CpmOptions {
  /** Data date: nothing unfinished is scheduled before it. Default: the project's data date, else its planned start, else no limit. */
  dataDate?: LocalDateTime;
  /** Out-of-sequence progress: progress override (true) or retained logic (false, P6's default). */
  progressOverride?: boolean;
  /** Critical when total float ≤ this many hours (default 0). */
  criticalFloatHours?: number;
  /** Critical by total float (default) or by lying on the longest path. */
  criticalPath?: 'total-float' | 'longest-path';
  /** SS lags of started predecessors count from their actual start (default false: from their remaining early start). */
  ssLagFromActualStart?: boolean;
  /** Total float as finish float (default), start float or the smaller. */
  floatType?: 'finish' | 'start' | 'smallest';
  /** Late dates of open-ended activities count back from this date instead of the project's early finish. */
  mustFinishBy?: LocalDateTime;
  /** Progressed work from the data date (P6, default) or where its actuals stopped (MS Project). */
  progressFrom?: 'data-date' | 'actual-progress';
  /** Remaining work with an expected finish runs to it (default true, as in P6). */
  useExpectedFinish?: boolean;
}

/** The options as the passes read them: every field set, dates in epoch minutes (NaN = none). */
export interface ResolvedCpmOptions {
  readonly dataDate: number;
  readonly progressOverride: boolean;
  readonly criticalFloatHours: number;
  readonly longestPath: boolean;
  readonly ssLagFromActualStart: boolean;
  /** 0 finish float, 1 start float, 2 smallest. */
  readonly floatType: 0 | 1 | 2;
  readonly mustFinishBy: number;
  /** MS Project's rule for progressed work (see SchedulingOptions.progressFrom). */
  readonly actualProgress: boolean;
  readonly useExpectedFinish: boolean;
}

const minutes = (d: LocalDateTime | undefined): number => {
  if (!d) return NaN;
  const v = tryToMinutes(d);
  return v === null ? NaN : v;
};

/** Caller options over the file's (Project.scheduling, Project.dataDate) over P6's defaults. */
export function resolveOptions(project: Pick<Project, 'dataDate' | 'plannedStart' | 'scheduling'> | null, over: CpmOptions = {}): ResolvedCpmOptions {
  const file: SchedulingOptions = project?.scheduling ?? {};
  const o = { ...file, ...definedOnly(over) };
  const ft = o.floatType ?? 'finish';
  const actualProgress = o.progressFrom === 'actual-progress';
  return {
    // Without a data date the project's planned start is the floor: P6 always has one, and
    // unlinked work must start somewhere. MS Project bounds unstarted work by the project start only.
    dataDate: minutes(over.dataDate ?? (actualProgress ? project?.plannedStart : (project?.dataDate ?? project?.plannedStart))),
    actualProgress,
    useExpectedFinish: o.useExpectedFinish ?? true,
    progressOverride: o.progressOverride ?? false,
    criticalFloatHours: o.criticalFloatHours ?? 0,
    longestPath: o.criticalPath === 'longest-path',
    ssLagFromActualStart: o.ssLagFromActualStart ?? false,
    floatType: ft === 'start' ? 1 : ft === 'smallest' ? 2 : 0,
    mustFinishBy: minutes(o.mustFinishBy),
  };
}

function definedOnly(o: CpmOptions): CpmOptions {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as CpmOptions;
}
