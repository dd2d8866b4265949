/**
 * PMXML field values → model values: numbers, dates, fractions and P6's enumerations.
 *
 * Numbers: P6 writes `1234.5`, but files written through other tools with a European locale use a
 * decimal comma (`29999,9999` in the corpus's Aspose sample). A lone comma is read as the decimal
 * point; when both appear, the last one is the decimal point and the other groups thousands.
 *
 * Dates: `2023-03-08T08:00:00` → `2023-03-08T08:00` (model dates stop at the minute and carry no
 * zone; a trailing `Z` or offset is dropped because P6 dates are wall-clock time).
 */
import { tryToMinutes, type LocalDateTime } from '../../model/dates';
import type { ActivityType, EvTechnique, PercentCompleteType, RelationshipType, Relationship, ResourceType } from '../../model/schedule';
import { CONSTRAINTS, EV_FIXED_SHARE } from '../xer/p6codes';

export function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  let s = raw.trim();
  if (s === '') return undefined;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0) {
    if (dot < 0) {
      // "1,5" is one and a half; "1,234,567" (several commas, groups of three) is a thousands list.
      s = /^-?\d{1,3}(,\d{3}){2,}$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
    } else if (comma > dot) s = s.replace(/\./g, '').replace(',', '.');
    else s = s.replace(/,/g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

const DATE_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** A PMXML date-time as a model date, or undefined when empty or not a real date. */
export function parseDate(raw: string | undefined): LocalDateTime | undefined {
  if (raw === undefined) return undefined;
  const m = DATE_RE.exec(raw.trim());
  if (!m) return undefined;
  const out = `${m[1]}T${m[2] ?? '00:00'}`;
  return tryToMinutes(out) === null ? undefined : out;
}

/** P6 booleans are `1`/`0` (older files: `true`/`false`). */
export function parseFlag(raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  const s = raw.trim().toLowerCase();
  if (s === '1' || s === 'true' || s === 'y' || s === 'yes') return true;
  if (s === '0' || s === 'false' || s === 'n' || s === 'no') return false;
  return undefined;
}

/** Lower case with spaces, slashes and dashes removed, for matching P6's display strings. */
export const squash = (s: string) => s.toLowerCase().replace(/[\s/_-]+/g, '');

const ACTIVITY_TYPES: Record<string, ActivityType> = {
  taskdependent: 'task',
  resourcedependent: 'task',
  levelofeffort: 'level-of-effort',
  startmilestone: 'start-milestone',
  finishmilestone: 'finish-milestone',
  wbssummary: 'summary',
  // XER codes, seen in files converted by third-party tools.
  tttask: 'task',
  ttrsrc: 'task',
  ttloe: 'level-of-effort',
  ttmile: 'start-milestone',
  ttfinmile: 'finish-milestone',
  ttwbs: 'summary',
};

export function activityType(raw: string | undefined): ActivityType | undefined {
  return raw === undefined ? undefined : ACTIVITY_TYPES[squash(raw)];
}

const PCT_TYPES: Record<string, PercentCompleteType> = {
  physical: 'physical',
  duration: 'duration',
  units: 'units',
  cpphys: 'physical',
  cpdrtn: 'duration',
  cpunits: 'units',
};

export function percentCompleteType(raw: string | undefined): PercentCompleteType | undefined {
  return raw === undefined ? undefined : PCT_TYPES[squash(raw)];
}

const REL_TYPES: Record<string, RelationshipType> = {
  finishtostart: 'FS',
  starttostart: 'SS',
  finishtofinish: 'FF',
  starttofinish: 'SF',
  fs: 'FS',
  ss: 'SS',
  ff: 'FF',
  sf: 'SF',
  prfs: 'FS',
  prss: 'SS',
  prff: 'FF',
  prsf: 'SF',
};

export function relationshipType(raw: string | undefined): RelationshipType | undefined {
  return raw === undefined ? undefined : REL_TYPES[squash(raw)];
}

const LAG_CALENDARS: Record<string, NonNullable<Relationship['lagCalendar']>> = {
  predecessoractivitycalendar: 'predecessor',
  successoractivitycalendar: 'successor',
  '24hourcalendar': '24h',
  projectdefaultcalendar: 'project',
};

export function lagCalendar(raw: string | undefined): Relationship['lagCalendar'] {
  return raw === undefined ? undefined : LAG_CALENDARS[squash(raw)];
}

const RESOURCE_TYPES: Record<string, ResourceType> = {
  labor: 'labour',
  labour: 'labour',
  nonlabor: 'nonlabour',
  nonlabour: 'nonlabour',
  material: 'material',
  rtlabor: 'labour',
  rtequip: 'nonlabour',
  rtmat: 'material',
};

export function resourceType(raw: string | undefined): ResourceType | undefined {
  return raw === undefined ? undefined : RESOURCE_TYPES[squash(raw)];
}

/**
 * PMXML writes P6's settings as display text ("Start On or After", "0 / 100"); the XER reader
 * reads the same settings as codes (CS_MSOA, EC_0_100). Both go through the XER reader's tables
 * (../xer/p6codes.ts) so the two formats give identical model values.
 */
const CONSTRAINT_CODES: Record<string, string> = {
  starton: 'CS_MSO',
  startonorafter: 'CS_MSOA',
  startonorbefore: 'CS_MSOB',
  finishon: 'CS_MEO',
  finishonorafter: 'CS_MEOA',
  finishonorbefore: 'CS_MEOB',
  aslateaspossible: 'CS_ALAP',
  mandatorystart: 'CS_MANDSTART',
  mandatoryfinish: 'CS_MANDFIN',
};

/** A constraint type in the model's words ("start-on-or-after"); unknown text is kept as written. */
export function constraintType(raw: string): string {
  const code = CONSTRAINT_CODES[squash(raw)] ?? raw.trim();
  return CONSTRAINTS[code] ?? raw.trim();
}

const EV_CODES: Record<string, string> = {
  activitypercentcomplete: 'EC_Cmp_pct',
  '0100': 'EC_0_100',
  '5050': 'EC_50_50',
  custompercentcomplete: 'EC_User_pct',
  wbsmilestonespercentcomplete: 'EC_WBS_pct',
};

/**
 * P6's "technique for computing performance percent complete" (per WBS element and project) as
 * an EV technique: 0/100 and 50/50 are fixed-share techniques; activity percent complete (the
 * default) is `undefined`; anything else (custom percentage, WBS milestones, resource curves) is
 * returned as its text, for the caller to report as not modelled, exactly as the XER reader does.
 */
export function evTechniqueOf(computeType: string | undefined): EvTechnique | string | undefined {
  if (computeType === undefined) return undefined;
  const code = EV_CODES[squash(computeType)];
  if (code === 'EC_Cmp_pct') return undefined;
  if (code !== undefined && code in EV_FIXED_SHARE) return { kind: 'fixed', startShare: EV_FIXED_SHARE[code] };
  return computeType.trim();
}

/**
 * A fraction 0..1. PMXML stores percentages as fractions (`0.25` is 25%); a value above 1 can
 * only be a 0..100 percentage from another writer, so it is scaled.
 */
export function fraction(v: number | undefined): number | undefined {
  if (v === undefined || !Number.isFinite(v)) return undefined;
  const f = v > 1 + 1e-9 && v <= 100 ? v / 100 : v;
  return Math.min(1, Math.max(0, f));
}

/** `HH:mm[:ss]` → minutes after midnight, or undefined. */
export function timeOfDay(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(raw.trim());
  if (!m) return undefined;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (h > 24 || mi > 59 || (h === 24 && mi > 0)) return undefined;
  return h * 60 + mi;
}
