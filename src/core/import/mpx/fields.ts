/**
 * MPX field numbers: a task record's fields are listed by number in the task model record (61),
 * a resource record's in the resource model record (41). These are the numbers the reader uses
 * (the full lists are MS Project's, as MPXJ's MPXTaskField and MPXResourceField give them);
 * other fields are skipped.
 */

export const TASK = {
  NAME: 1,
  WBS: 2,
  OUTLINE_LEVEL: 3,
  WORK: 20,
  BASELINE_WORK: 21,
  ACTUAL_WORK: 22,
  REMAINING_WORK: 23,
  PERCENT_WORK_COMPLETE: 25,
  COST: 30,
  BASELINE_COST: 31,
  ACTUAL_COST: 32,
  REMAINING_COST: 33,
  FIXED_COST: 35,
  DURATION: 40,
  BASELINE_DURATION: 41,
  ACTUAL_DURATION: 42,
  REMAINING_DURATION: 43,
  PERCENT_COMPLETE: 44,
  START: 50,
  FINISH: 51,
  EARLY_START: 52,
  EARLY_FINISH: 53,
  BASELINE_START: 56,
  BASELINE_FINISH: 57,
  ACTUAL_START: 58,
  ACTUAL_FINISH: 59,
  CONSTRAINT_DATE: 68,
  PREDECESSORS: 70,
  UNIQUE_ID_PREDECESSORS: 74,
  MILESTONE: 81,
  BCWS: 85,
  BCWP: 86,
  SV: 87,
  CV: 88,
  ID: 90,
  CONSTRAINT_TYPE: 91,
  TOTAL_SLACK: 94,
  UNIQUE_ID: 98,
  OUTLINE_NUMBER: 99,
  SUMMARY: 120,
} as const;

export type CustomKind = 'text' | 'cost' | 'number' | 'duration';

/** Custom task fields kept on the activity (udf) under their MS Project name, by kind. */
export const TASK_CUSTOM: ReadonlyMap<number, { name: string; kind: CustomKind }> = (() => {
  const m = new Map<number, { name: string; kind: CustomKind }>();
  const add = (numbers: number[], prefix: string, kind: CustomKind) => numbers.forEach((n, i) => m.set(n, { name: `${prefix}${i + 1}`, kind }));
  add([4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 'Text', 'text');
  add([36, 37, 38], 'Cost', 'cost');
  add([46, 47, 48], 'Duration', 'duration');
  add([140, 141, 142, 143, 144], 'Number', 'number');
  return m;
})();

export const RESOURCE = {
  NAME: 1,
  INITIALS: 2,
  GROUP: 3,
  CODE: 4,
  COST: 30,
  BASELINE_COST: 31,
  ACTUAL_COST: 32,
  ID: 40,
  STANDARD_RATE: 42,
  OVERTIME_RATE: 43,
  COST_PER_USE: 44,
  BASE_CALENDAR: 48,
  UNIQUE_ID: 49,
} as const;

/** Constraint type names as MS Project writes them in English → MSPDI ConstraintType 0..7. */
export const CONSTRAINT_NAMES: readonly string[] = [
  'as soon as possible',
  'as late as possible',
  'must start on',
  'must finish on',
  'start no earlier than',
  'start no later than',
  'finish no earlier than',
  'finish no later than',
];

/** Link types as written after the task number → MSPDI Type (0 FF, 1 FS, 2 SF, 3 SS). */
export const LINK_TYPES: Readonly<Record<string, number>> = { FF: 0, FS: 1, SF: 2, SS: 3 };

/** Duration unit → MSPDI LagFormat (3 m, 4 em, 5 h, 6 eh, 7 d, 8 ed, 9 w, 10 ew, 11 mo, 12 emo, 19 %, 20 e%). */
export const LAG_FORMATS: Readonly<Record<string, number>> = { m: 3, em: 4, h: 5, eh: 6, d: 7, ed: 8, w: 9, ew: 10, mon: 11, emon: 12, y: 11, ey: 12, '%': 19, 'e%': 20 };
