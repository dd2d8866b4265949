/**
 * The small integer codes the CPM passes branch on, and how the model's words map to them.
 * Kept apart so compile.ts, the passes and the tests share one list.
 */

/** Activity kinds (CpmNetwork.kind). */
export const KIND_TASK = 0;
export const KIND_START_MILESTONE = 1;
export const KIND_FINISH_MILESTONE = 2;
/** Level of effort: spans its predecessors and successors, never drives them. */
export const KIND_LOE = 3;
/** WBS summary (hammock): spans the activities of its WBS element, never drives. */
export const KIND_SUMMARY = 4;

/** Constraint codes (CpmNetwork.cstrType). */
export const CSTR_NONE = 0;
/** Start on (P6 CS_MSO, MSP "Must start on" 2): start no earlier and no later than the date. */
export const CSTR_START_ON = 1;
/** Start on or before (CS_MSOB, MSP "Start no later than" 5): limits the late start. */
export const CSTR_START_ON_OR_BEFORE = 2;
/** Start on or after (CS_MSOA, MSP "Start no earlier than" 4): limits the early start. */
export const CSTR_START_ON_OR_AFTER = 3;
/** Finish on (CS_MEO, MSP "Must finish on" 3). */
export const CSTR_FINISH_ON = 4;
/** Finish on or before (CS_MEOB, MSP "Finish no later than" 7). */
export const CSTR_FINISH_ON_OR_BEFORE = 5;
/** Finish on or after (CS_MEOA, MSP "Finish no earlier than" 6). */
export const CSTR_FINISH_ON_OR_AFTER = 6;
/** Mandatory start (CS_MANDSTART): early and late start are the date, whatever the logic. */
export const CSTR_MANDATORY_START = 7;
/** Mandatory finish (CS_MANDFIN). */
export const CSTR_MANDATORY_FINISH = 8;
/** As late as possible (CS_ALAP, MSP 1): early dates move as late as free float allows. */
export const CSTR_ALAP = 9;

/**
 * Constraint words as the readers store them (XER: p6codes.ts CONSTRAINTS; MSPDI: its own names)
 * and P6's raw codes, to the codes above. Unknown words are reported by compileNetwork.
 */
export const CONSTRAINT_CODES: Readonly<Record<string, number>> = {
  'start-on': CSTR_START_ON,
  'start-on-or-before': CSTR_START_ON_OR_BEFORE,
  'start-on-or-after': CSTR_START_ON_OR_AFTER,
  'finish-on': CSTR_FINISH_ON,
  'finish-on-or-before': CSTR_FINISH_ON_OR_BEFORE,
  'finish-on-or-after': CSTR_FINISH_ON_OR_AFTER,
  'mandatory-start': CSTR_MANDATORY_START,
  'mandatory-finish': CSTR_MANDATORY_FINISH,
  'as-late-as-possible': CSTR_ALAP,
  'as-soon-as-possible': CSTR_NONE,
  // MSPDI reader words (mspdi/map.ts): MS Project's "must" constraints are mandatory.
  ASAP: CSTR_NONE,
  ALAP: CSTR_ALAP,
  MSO: CSTR_MANDATORY_START,
  MFO: CSTR_MANDATORY_FINISH,
  SNET: CSTR_START_ON_OR_AFTER,
  SNLT: CSTR_START_ON_OR_BEFORE,
  FNET: CSTR_FINISH_ON_OR_AFTER,
  FNLT: CSTR_FINISH_ON_OR_BEFORE,
  // P6 codes, for schedules built by hand or by other tools.
  CS_MSO: CSTR_START_ON,
  CS_MSOB: CSTR_START_ON_OR_BEFORE,
  CS_MSOA: CSTR_START_ON_OR_AFTER,
  CS_MEO: CSTR_FINISH_ON,
  CS_MEOB: CSTR_FINISH_ON_OR_BEFORE,
  CS_MEOA: CSTR_FINISH_ON_OR_AFTER,
  CS_MANDSTART: CSTR_MANDATORY_START,
  CS_MANDFIN: CSTR_MANDATORY_FINISH,
  CS_ALAP: CSTR_ALAP,
};

/**
 * MSPDI ConstraintType 0–7 → codes. MS Project's "must start/finish on" moves the task to the
 * date whatever its logic, like P6's mandatory constraints.
 */
export const MSPDI_CONSTRAINT_CODES: readonly number[] = [
  CSTR_NONE, // 0 As soon as possible
  CSTR_ALAP, // 1 As late as possible
  CSTR_MANDATORY_START, // 2 Must start on
  CSTR_MANDATORY_FINISH, // 3 Must finish on
  CSTR_START_ON_OR_AFTER, // 4 Start no earlier than
  CSTR_START_ON_OR_BEFORE, // 5 Start no later than
  CSTR_FINISH_ON_OR_AFTER, // 6 Finish no earlier than
  CSTR_FINISH_ON_OR_BEFORE, // 7 Finish no later than
];
