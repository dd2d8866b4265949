/** P6's enumerated values (as XER and the P6 database write them) and what they become in the model. */
import type { ActivityType, PercentCompleteType, Relationship, RelationshipType, ResourceType, SchedulingOptions } from '../../model/schedule';

export const TASK_TYPES: Record<string, ActivityType> = {
  TT_Task: 'task',
  /** Resource dependent: scheduled on its resources' calendars, still ordinary work. */
  TT_Rsrc: 'task',
  TT_Mile: 'start-milestone',
  TT_FinMile: 'finish-milestone',
  TT_LOE: 'level-of-effort',
  /** WBS summary activity: spans the activities of its WBS element. */
  TT_WBS: 'summary',
  /** Older P6/P3 name of the hammock. */
  TT_Hammock: 'summary',
};

export const PCT_TYPES: Record<string, PercentCompleteType> = {
  CP_Phys: 'physical',
  CP_Drtn: 'duration',
  CP_Units: 'units',
};

export const RELATION_TYPES: Record<string, RelationshipType> = { PR_FS: 'FS', PR_SS: 'SS', PR_FF: 'FF', PR_SF: 'SF' };

export const RESOURCE_TYPES: Record<string, ResourceType> = { RT_Labor: 'labour', RT_Equip: 'nonlabour', RT_Mat: 'material' };

export const LAG_CALENDARS: Record<string, NonNullable<Relationship['lagCalendar']>> = {
  rcal_Predecessor: 'predecessor',
  rcal_Successor: 'successor',
  rcal_24Hour: '24h',
  rcal_ProjDefault: 'project',
};

/** SCHEDOPTIONS.sched_float_type: how total float is computed. */
export const FLOAT_TYPES: Record<string, NonNullable<SchedulingOptions['floatType']>> = { FT_FF: 'finish', FT_SF: 'start', FT_Smallest: 'smallest' };

/** Constraint types, named in words so nothing downstream needs P6's codes. */
export const CONSTRAINTS: Record<string, string> = {
  CS_MSO: 'start-on',
  CS_MSOA: 'start-on-or-after',
  CS_MSOB: 'start-on-or-before',
  CS_MEO: 'finish-on',
  CS_MEOA: 'finish-on-or-after',
  CS_MEOB: 'finish-on-or-before',
  CS_ALAP: 'as-late-as-possible',
  CS_MANDSTART: 'mandatory-start',
  CS_MANDFIN: 'mandatory-finish',
};

/** PROJWBS.ev_compute_type values the model can represent; others fall back to percent complete. */
export const EV_FIXED_SHARE: Record<string, number> = { EC_0_100: 0, EC_50_50: 0.5 };

/** Currency names and symbols P6 shows, to ISO 4217, for when a short name is not already a code. */
export const CURRENCY_HINTS: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  '¥': 'JPY',
  '₹': 'INR',
  'british pound': 'GBP',
  'pound sterling': 'GBP',
  euro: 'EUR',
  'us dollar': 'USD',
  dollar: 'USD',
  'canadian dollar': 'CAD',
  'australian dollar': 'AUD',
  'japanese yen': 'JPY',
  'indian rupee': 'INR',
  'south african rand': 'ZAR',
  'saudi riyal': 'SAR',
  'uae dirham': 'AED',
  'russian ruble': 'RUB',
  'russian rouble': 'RUB',
};

/** Names under which users keep control accounts as a P6 activity code. */
export const CONTROL_ACCOUNT_CODE = /^\s*(ca|c\.a\.)\s*$|control[\s_-]*accounts?/i;
