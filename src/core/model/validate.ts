/**
 * Validation of a canonical-model JSON document (a saved schedule, the CLI's .json input, an
 * API payload). Errors name the exact path, e.g. `activities[12].budgetCost: expected a number`.
 * Optional collections may be omitted and default to empty, so a hand-written file can be small.
 */
import { z } from 'zod';
import { SCHEDULE_FORMAT_VERSION, type Schedule } from './schedule';
import { tryToMinutes } from './dates';

const date = z.string().refine((s) => tryToMinutes(s) !== null, { message: 'expected a date YYYY-MM-DD or YYYY-MM-DDTHH:mm' });
const fraction = z.number().min(0, 'expected a fraction 0..1 (45% is 0.45)').max(1.5, 'expected a fraction 0..1 (45% is 0.45)');
const money = z.number().finite();
const interval = z.tuple([z.number().min(0).max(1440), z.number().min(0).max(1440)]);

const technique = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent-complete') }),
  z.object({ kind: z.literal('fixed'), startShare: z.number().min(0).max(1) }),
  z.object({
    kind: z.literal('weighted-milestones'),
    milestones: z.array(z.object({ name: z.string(), weight: z.number().min(0).max(1), achieved: date.optional() })),
  }),
  z.object({ kind: z.literal('level-of-effort') }),
  z.object({ kind: z.literal('apportioned'), baseActivityIds: z.array(z.string()), factor: z.number().positive() }),
]);

const pct = z.object({ physical: fraction.optional(), duration: fraction.optional(), units: fraction.optional() });

// Strict: a mistyped field ("budgetcost") is an error naming it, not a silent budget of 0.
const activity = z.strictObject({
  id: z.string().min(1),
  code: z.string().optional(),
  name: z.string().default(''),
  wbsId: z.string().nullable().default(null),
  type: z.enum(['task', 'start-milestone', 'finish-milestone', 'level-of-effort', 'summary']).default('task'),
  calendarId: z.string().optional(),
  controlAccount: z.string().optional(),
  baselineStart: date.optional(),
  baselineFinish: date.optional(),
  plannedStart: date.optional(),
  plannedFinish: date.optional(),
  actualStart: date.optional(),
  actualFinish: date.optional(),
  forecastStart: date.optional(),
  forecastFinish: date.optional(),
  baselineDuration: z.number().min(0).optional(),
  originalDuration: z.number().min(0).optional(),
  remainingDuration: z.number().min(0).optional(),
  actualDuration: z.number().min(0).optional(),
  percentCompleteType: z.enum(['physical', 'duration', 'units']).default('physical'),
  percentComplete: pct.default({}),
  evTechnique: technique.default({ kind: 'percent-complete' }),
  budgetCost: money.default(0),
  actualCost: money.default(0),
  remainingCost: money.default(0),
  budgetUnits: z.number().finite().default(0),
  actualUnits: z.number().finite().default(0),
  remainingUnits: z.number().finite().default(0),
  codes: z.record(z.string(), z.string()).default({}),
  udf: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  constraint: z.object({ type: z.string(), date: date.optional() }).optional(),
  totalFloat: z.number().finite().optional(),
  expectedFinish: date.optional(),
  secondaryConstraint: z.object({ type: z.string(), date: date.optional() }).optional(),
  fixedCost: money.optional(),
  fixedCostAccrual: z.enum(['start', 'prorated', 'end']).optional(),
});

const rateTable = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const costRate = z.strictObject({
  table: rateTable,
  from: date.optional(),
  to: date.optional(),
  standardRate: z.number().finite(),
  overtimeRate: z.number().finite().optional(),
  costPerUse: money.optional(),
});

const scheduling = z.strictObject({
  progressOverride: z.boolean().optional(),
  criticalFloatHours: z.number().finite().optional(),
  criticalPath: z.enum(['total-float', 'longest-path']).optional(),
  ssLagFromActualStart: z.boolean().optional(),
  floatType: z.enum(['finish', 'start', 'smallest']).optional(),
  mustFinishBy: date.optional(),
  progressFrom: z.enum(['data-date', 'actual-progress']).optional(),
  useExpectedFinish: z.boolean().optional(),
});

const calendar = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  hoursPerDay: z.number().positive().max(24).default(8),
  workWeek: z.array(z.array(interval)).length(7, 'expected seven weekdays, Sunday first'),
  exceptions: z
    .array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'), intervals: z.array(interval), name: z.string().optional() }))
    .default([]),
  baseCalendarId: z.string().optional(),
});

const schema = z.object({
  formatVersion: z.literal(SCHEDULE_FORMAT_VERSION).default(SCHEDULE_FORMAT_VERSION),
  project: z.object({
    id: z.string().min(1),
    code: z.string().optional(),
    name: z.string().default('Untitled project'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as GBP').default('GBP'),
    dataDate: date.optional(),
    dataDateSource: z.enum(['status-date', 'current-date', 'latest-actual', 'latest-snapshot', 'today', 'chosen', 'given']).optional(),
    currentDate: date.optional(),
    plannedStart: date.optional(),
    plannedFinish: date.optional(),
    defaultCalendarId: z.string().optional(),
    measureBasis: z.enum(['cost', 'units', 'duration']).optional(),
    scheduling: scheduling.optional(),
  }),
  wbs: z
    .array(z.object({ id: z.string().min(1), parentId: z.string().nullable().default(null), code: z.string().default(''), name: z.string().default(''), controlAccount: z.string().optional(), sequence: z.number().optional() }))
    .default([]),
  activities: z.array(activity),
  relationships: z
    .array(z.object({ predecessorId: z.string(), successorId: z.string(), type: z.enum(['FS', 'SS', 'FF', 'SF']).default('FS'), lagHours: z.number().default(0), lagCalendar: z.enum(['predecessor', 'successor', '24h', 'project']).optional() }))
    .default([]),
  calendars: z.array(calendar).default([]),
  resources: z.array(z.object({ id: z.string(), code: z.string().default(''), name: z.string().default(''), type: z.enum(['labour', 'nonlabour', 'material']).default('labour'), unit: z.string().optional(), rate: z.number().optional(), calendarId: z.string().optional(), costRates: z.array(costRate).optional() })).default([]),
  assignments: z
    .array(
      z.object({
        id: z.string(),
        activityId: z.string(),
        resourceId: z.string(),
        budgetUnits: z.number().default(0),
        actualUnits: z.number().default(0),
        remainingUnits: z.number().default(0),
        budgetCost: money.default(0),
        actualCost: money.default(0),
        remainingCost: money.default(0),
        timephased: z
          .array(z.object({ kind: z.enum(['baseline-cost', 'baseline-units', 'actual-cost', 'actual-units']), start: date, finish: date, value: z.number().finite() }))
          .optional(),
        costRateTable: rateTable.optional(),
      }),
    )
    .default([]),
  codeTypes: z.array(z.object({ id: z.string(), name: z.string(), values: z.record(z.string(), z.object({ code: z.string(), description: z.string().optional(), parentId: z.string().optional() })) })).default([]),
  snapshots: z
    .array(
      z.object({
        id: z.string(),
        dataDate: date,
        label: z.string().optional(),
        activities: z.array(
          z.object({
            activityId: z.string(),
            actualStart: date.optional(),
            actualFinish: date.optional(),
            forecastFinish: date.optional(),
            percentComplete: pct.default({}),
            actualCost: money.default(0),
            actualUnits: z.number().default(0),
            remainingCost: money.optional(),
            remainingUnits: z.number().optional(),
            milestonesAchieved: z.array(z.string()).optional(),
          }),
        ),
      }),
    )
    .default([]),
  baselines: z.array(z.object({ id: z.string(), name: z.string(), date: date.optional(), activities: z.array(z.object({ activityId: z.string(), start: date.optional(), finish: date.optional(), budgetCost: z.number().optional(), budgetUnits: z.number().optional() })) })).default([]),
  source: z
    .object({
      format: z.enum(['xer', 'pmxml', 'mspdi', 'mpx', 'mpp', 'asta', 'xlsx', 'csv', 'json', 'synthetic']),
      fileName: z.string().optional(),
      application: z.string().optional(),
      warnings: z.array(z.object({ message: z.string(), where: z.string().optional() })).default([]),
    })
    .optional(),
  changeOrders: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(['proposed', 'approved', 'rejected']), date, budgetDelta: z.number(), activityIds: z.array(z.string()).default([]), description: z.string().optional() })).default([]),
});

/** Thrown for an invalid document; `issues` lists every problem with its path. */
export class ScheduleValidationError extends Error {
  override name = 'ScheduleValidationError';
  constructor(readonly issues: { path: string; message: string }[]) {
    const first = issues[0];
    super(
      `${first.path || 'document'}: ${first.message}` +
        (issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : ''),
    );
  }
}

const pathText = (path: PropertyKey[]): string =>
  path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '');

/** Validates and fills defaults; throws ScheduleValidationError naming each bad field. */
export function parseSchedule(json: unknown): Schedule {
  const r = schema.safeParse(json);
  if (!r.success) throw new ScheduleValidationError(r.error.issues.map((i) => ({ path: pathText(i.path), message: i.message })));
  const s = r.data;
  const activities = s.activities.map((a) => ({ ...a, code: a.code ?? a.id }));
  const ids = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  activities.forEach((a, i) => {
    if (ids.has(a.id)) problems.push({ path: `activities[${i}].id`, message: `duplicate activity id "${a.id}"` });
    ids.add(a.id);
  });
  if (problems.length) throw new ScheduleValidationError(problems);
  return { ...s, activities } as Schedule;
}
