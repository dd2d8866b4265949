/**
 * The header lexicon: what P6, MS Project, Cobra, Deltek Open Plan, Asta, QS cost reports and
 * home-made Excel templates call each field. Phrases go through the same tokeniser as headers
 * (./tokens.ts), so abbreviations and spellings need not be listed twice ("Act. Cost", "Actual
 * Costs" and "ActualCost" all reach "actual cost").
 *
 * A phrase may carry a strength below 1 when it is a weaker hint: a bare "Start" is usually the
 * planned start but may be the forecast start; "Cost" alone is usually the budget.
 */
import type { MappingField } from './fields';
import { canonicalTokens, synonymVocabulary } from './tokens';

type Entry = string | [phrase: string, strength: number];

const LEXICON: Record<MappingField, Entry[]> = {
  activityId: [
    'activity id', 'activity code', 'activity ref', 'task id', 'task code', 'task ref', 'event id', 'schedule id',
    'line id', 'line item id', 'item id', 'wbs activity id', 'work package id', 'deliverable id',
    ['id', 0.9], ['activity', 0.72], ['ref', 0.85], ['item', 0.7], ['work package', 0.8], ['task', 0.6], ['line', 0.6],
    ['cost id', 0.8], ['key', 0.6], 'task_code',
  ],
  uniqueId: ['unique id', 'unique task id', 'task unique id', 'activity unique id', ['row id', 0.7]],
  activityName: [
    'activity name', 'activity description', 'activity title', 'task name', 'task description', 'task title', 'name',
    'description', 'title', 'work description', 'item description', 'line item description', 'work package name',
    'work package description', 'deliverable', 'scope description', 'element description', 'task_name', 'event name',
    ['control account description', 0.85], ['control account title', 0.85],
    // Cost-code registers (Procore, Unifier, QS cost reports) and NRM building elements.
    'cost code name', 'cost code description', 'cost code title', 'scope item', ['element', 0.8],
    ['activity', 0.7], ['task', 0.8], ['scope', 0.8], ['subject', 0.7], ['details', 0.7], ['item', 0.6],
  ],
  wbsCode: [
    'wbs', 'wbs id', 'wbs element', 'wbs element id', 'wbs path', 'outline id', 'work breakdown structure',
    'work breakdown structure id', 'wbs short name', 'cbs id', ['cbs', 0.8], ['outline', 0.75],
  ],
  wbsName: [
    'wbs name', 'wbs description', 'wbs title', 'wbs element name', 'wbs element description', 'work breakdown structure name', ['phase', 0.6], ['work package name', 0.6],
  ],
  outlineLevel: ['outline level', 'level', 'indent level', 'indent', 'hierarchy level', 'wbs level', 'task level'],
  controlAccount: [
    'control account', 'control account id', 'control account name', 'cost account', 'cost account id', 'control acct',
    ['account', 0.8], ['charge id', 0.7], ['cost id', 0.78], ['cost centre', 0.7], ['cost center', 0.7],
  ],
  activityType: [
    'activity type', 'task type', 'type', 'element type', 'milestone', 'is milestone',
    'milestone flag', ['item type', 0.8],
  ],
  activityStatus: ['activity status', 'status', 'task status', 'progress status', 'state', 'activity state'],
  baselineStart: [
    'baseline start', 'baseline project start', 'baseline start date', 'baseline early start', 'baseline 1 start',
    'planned start baseline', 'contract start', 'baseline planned start', 'target start date', ['original start', 0.85],
  ],
  baselineFinish: [
    'baseline finish', 'baseline project finish', 'baseline finish date', 'baseline end', 'baseline end date',
    'baseline early finish', 'baseline 1 finish', 'baseline complete', 'baseline complete date', 'planned finish baseline',
    'contract finish', 'contract complete', 'baseline planned finish', 'target finish date', 'target end date',
    ['original finish', 0.85], ['original end', 0.85],
  ],
  plannedStart: [
    'planned start', 'planned start date', 'early start', 'schedule start', 'current start', 'begin', 'begin date',
    'commencement', 'commence', 'start on', 'planned begin',
    ['start', 0.9], ['start date', 0.9], ['from', 0.6],
  ],
  plannedFinish: [
    'planned finish', 'planned finish date', 'planned end', 'planned end date', 'planned complete', 'early finish',
    'schedule finish', 'current finish', 'complete date', 'completion date', 'due date', 'due', ['finish', 0.9], ['finish date', 0.9], ['end', 0.88], ['end date', 0.88], ['to', 0.55],
  ],
  actualStart: ['actual start', 'actual start date', 'start actual', 'date started', 'started', 'started on'],
  actualFinish: [
    'actual finish', 'actual finish date', 'actual end', 'actual end date', 'actual complete', 'actual complete date',
    'finish actual', 'date complete', 'finished', 'finished on', 'complete on',
  ],
  forecastStart: [
    'forecast start', 'remaining start', 'remaining early start', 'expected start', 'estimate start', 'forecast start date', ['start', 0.72],
  ],
  forecastFinish: [
    'forecast finish', 'forecast end', 'forecast complete', 'forecast finish date', 'forecast complete date', 'remaining finish',
    'remaining early finish', 'expected finish', 'expected end', 'expected complete', 'estimate finish', 'estimate complete',
    'estimate end', 'eac date', ['finish', 0.72], ['end', 0.7],
  ],
  baselineDuration: ['baseline duration', 'baseline project duration', 'baseline original duration', 'contract duration'],
  originalDuration: [
    'original duration', 'duration', 'planned duration', 'budget duration', 'schedule duration',
    ['days', 0.7], ['working days', 0.75], ['total duration', 0.8],
  ],
  remainingDuration: [
    'remaining duration', 'duration remaining', 'days remaining', 'remaining days', 'time remaining',
    ['remaining', 0.75],
  ],
  actualDuration: ['actual duration', 'elapsed duration', 'days elapsed', 'duration to date'],
  budgetCost: [
    'budget', 'budget cost', 'budget total cost', 'budget at complete', 'bac', 'budget at complete cost', 'baseline cost',
    'baseline total cost', 'baseline budget', 'baseline project total cost', 'planned cost', 'planned total cost',
    'total budget', ['original budget', 0.85], 'current budget', 'approved budget', 'budget amount', 'cost budget', 'budget value',
    ['budget labor cost', 0.95], 'contract value', 'contract sum', 'expected budget', 'bac cost', 'budget total',
    'allocated budget', 'budget labor and nonlabor cost', 'bcws at complete', 'budget cost work schedule at complete',
    ['cost', 0.8], ['baseline', 0.75], ['total cost', 0.74], ['amount', 0.7], ['value', 0.6], ['estimate', 0.65],
    ['contract', 0.7], ['price', 0.65], ['sum', 0.6],
  ],
  atCompletionCost: [
    'at complete total cost', 'at complete cost', 'cost at complete', 'eac', 'eac cost', 'estimate at complete',
    'estimate at complete cost', 'forecast final cost', 'forecast cost', 'forecast at complete', 'fac', 'final forecast',
    'forecast total', 'expected final cost', 'afc', 'estimate final cost', 'efc', 'expected cost', 'expected total cost',
    'forecast final account', 'latest estimate', 'current estimate', 'estimate at complete total cost',
    ['total cost', 0.85], ['forecast', 0.7], ['final cost', 0.8], ['cost', 0.6],
  ],
  plannedValue: [
    // The acronyms spelt out are weaker: half of them ("Budgeted … Cost") is every budget column's header.
    'planned value', 'pv', 'bcws', 'planned value cost', ['budget cost work schedule', 0.85], ['budget cost of work schedule', 0.85],
    'pv cost', 'bcws cost', 'planned to date', 'planned value to date', 'schedule value', 'planned value labor cost',
    'bcws to date', ['planned', 0.72], ['planned value labor units', 0.7], ['plan', 0.7],
  ],
  earnedValue: [
    'earned value', 'ev', 'bcwp', 'earned value cost', ['budget cost work performed', 0.85], ['budget cost of work performed', 0.85],
    'earned', 'ev cost', 'bcwp cost', 'earned to date', 'earned value to date', 'value earned', 'earned value labor cost',
    'bcwp to date', ['earned value labor units', 0.7], ['progress value', 0.75], ['claimed value', 0.7], ['value of work done', 0.8],
    // A QS valuation is the value of the work done: earned value in EVM words.
    'gross valuation', 'valuation to date', 'cumulative valuation', ['valuation', 0.8], ['work done', 0.8], ['work done to date', 0.85],
    ['performed', 0.7],
  ],
  actualCost: [
    'actual cost', 'ac', 'acwp', 'actual total cost', 'actual', 'actual cost of work performed', 'actual cost work performed',
    'spent', 'cost to date', 'actual to date', 'actual spent', 'spent to date', 'cost spent', 'actual cost to date',
    'acwp cost', 'ac cost', 'acwp to date', 'actual labor cost', 'actual value', 'actual costs incurred', 'actual expenditure',
    ['invoiced', 0.65], ['paid', 0.6],
  ],
  remainingCost: [
    'remaining cost', 'remaining total cost', 'etc', 'estimate to complete', 'estimate to complete cost', 'cost to complete',
    'cost to go', 'remaining', 'forecast to complete', 'ftc', 'etc cost', 'remaining budget', 'balance to complete',
    ['remaining value', 0.85], ['balance', 0.6],
  ],
  percentComplete: [
    'percent complete', 'complete', 'activity percent complete', 'task percent complete', 'progress', 'progress percent',
    'percent progress', 'percent done', 'done', 'complete percent', 'overall percent complete', 'percent complete to date',
    'actual percent complete', ['percent', 0.8], ['status percent', 0.8],
  ],
  physicalPercentComplete: [
    'physical percent complete', 'physical complete', 'physical progress', 'physical percent',
    'physical progress percent', 'percent complete physical',
  ],
  durationPercentComplete: ['duration percent complete', 'percent complete duration', 'duration complete', 'time percent complete'],
  unitsPercentComplete: [
    'units percent complete', 'percent complete units', 'labor units percent complete', 'work percent complete',
    'percent work complete', 'percent complete work', 'units complete',
  ],
  schedulePercentComplete: [
    'schedule percent complete', 'planned percent complete', 'baseline percent complete', 'expected percent complete',
    'planned progress', 'planned progress percent', 'plan percent', 'planned percent', 'schedule percent',
  ],
  performancePercentComplete: [
    'performance percent complete', 'earned percent', 'earned value percent', 'percent earned', 'ev percent',
    'earned percent complete',
  ],
  percentCompleteType: ['percent complete type', 'complete percent type', 'progress type', 'percent type'],
  evTechnique: [
    'earned value technique', 'ev technique', 'evt', 'ev method', 'earned value method', 'performance measurement technique',
    'pmt', 'ev type', 'earning rule', 'earning method', 'ev rule', 'credit method', 'measurement method', 'evm method',
    'ev measure', 'earned value measure',
  ],
  budgetUnits: [
    'budget units', 'budget labor units', 'budget hours', 'planned hours', 'planned units', 'planned labor units',
    'baseline work', 'baseline hours', 'baseline units', 'budget quantity', 'planned quantity', 'baseline quantity', 'budget manhours',
    'planned manhours', 'budget work', 'budget nonlabor units', 'manhours', 'man hours',
    ['work', 0.7], ['hours', 0.65], ['quantity', 0.7], ['units', 0.7],
  ],
  actualUnits: [
    'actual units', 'actual labor units', 'actual hours', 'actual work', 'actual manhours', 'hours to date', 'actual quantity',
    'hours spent', 'spent hours', 'actual nonlabor units', 'units to date', 'manhours spent',
  ],
  remainingUnits: [
    'remaining units', 'remaining labor units', 'remaining hours', 'remaining work', 'remaining quantity', 'hours to go',
    'etc hours', 'remaining manhours', 'remaining nonlabor units', 'hours remaining',
  ],
  atCompletionUnits: [
    'at complete units', 'at complete labor units', 'eac hours', 'forecast hours', 'estimate at complete units',
    'at complete hours', 'forecast units', 'forecast manhours', 'expected hours', ['work', 0.85], ['total hours', 0.75],
    ['total work', 0.8],
  ],
  predecessors: [
    'predecessor', 'predecessor id', 'predecessor activity', 'predecessor details', 'depends on', 'dependency',
    'dependencies', 'logic', 'predecessor activity id', 'predecessor task', ['unique id predecessor', 0.85], ['links', 0.7],
  ],
  successors: ['successor', 'successor id', 'successor activity', 'successor details', 'successor activity id', ['unique id successor', 0.85]],
  calendar: ['calendar', 'calendar name', 'task calendar', 'activity calendar', 'work calendar', 'calendar id'],
  resource: [
    'resource', 'resource name', 'resource id', 'primary resource', 'assigned to', 'resource initials', 'resource role',
    'crew', ['trade', 0.65], ['owner', 0.6], ['role', 0.65], ['assignee', 0.7],
  ],
  period: [
    'period', 'period id', 'period name', 'reporting period', 'fiscal period', 'financial period', 'month', 'month id',
    'week', 'week id', 'period label', 'time period', 'report period', 'cycle', 'fin period', ['year month', 0.8],
    'fiscal month', 'fiscal week', 'financial month', 'accounting period', 'month name',
  ],
  periodDate: [
    'period end', 'period ending', 'period end date', 'week ending', 'week end', 'month ending', 'month end', 'month end date',
    'status date', 'data date', 'as of', 'as at', 'report date', 'reporting date', 'period date', 'end of period',
    'cut off date', 'cutoff', 'cutoff date', 'period start', 'period start date', ['date', 0.8], ['end date', 0.75],
    // QS valuations are made monthly: the valuation date ends the period.
    'valuation date', 'valuation period',
  ],
  plannedValueCum: [],
  earnedValueCum: [],
  actualCostCum: [],
};

export interface Phrase {
  /** The phrase as listed, for reasons ("≈ actual cost"). */
  text: string;
  tokens: string[];
  strength: number;
}

/** Lexicon phrases per field, tokenised once. */
export const PHRASES: Record<MappingField, Phrase[]> = Object.fromEntries(
  (Object.keys(LEXICON) as MappingField[]).map((f) => [
    f,
    LEXICON[f].map((e) => {
      const [text, strength] = typeof e === 'string' ? [e, 1] : e;
      return { text, tokens: canonicalTokens(text), strength };
    }),
  ]),
) as Record<MappingField, Phrase[]>;

/** Every word the lexicon and synonym tables know: run-together headers are split into these. */
export const VOCABULARY: ReadonlySet<string> = new Set(
  [...Object.values(PHRASES).flatMap((ps) => ps.flatMap((p) => p.tokens)), ...synonymVocabulary()].filter((w) => w.length >= 2 && !/^\d+$/.test(w)),
);
