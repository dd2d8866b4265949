/**
 * What the P6 model builder's parts share: the table source, the build context, the per-project
 * state, id keys, and small helpers for reading P6 tables.
 */
import type { LocalDateTime } from '../../model/dates';
import type { Activity, Baseline, Assignment, EvTechnique, ImportWarning, PercentCompleteType, Relationship, SchedulingOptions, WbsNode } from '../../model/schedule';
import type { ImportOptions } from '../types';
import type { P6TableName } from './fields';
import type { ImportTicker } from './scan';
import type { P6Table } from './tables';

/** Where the builder gets its tables from. */
export interface P6Source {
  /** ERMHDR values: version, export date, …, currency short name (index 7). */
  header: string[];
  get(name: P6TableName): P6Table | undefined;
  /** The builder is done with a table (the XER source frees its offset arrays). */
  release(name: P6TableName): void;
  /** Warnings found while reading the file (apply to every schedule). */
  warnings: ImportWarning[];
  ticker: ImportTicker;
  format: 'xer' | 'xlsx';
}

export interface BuildOptions extends ImportOptions {
  /** SourceInfo.application; default "Primavera P6 <ERMHDR version>". */
  application?: string;
}

/** What every part of the build reads and reports through. */
export interface BuildContext {
  src: P6Source;
  keys: Keys;
  /** The file's warnings (shared with the source, which adds row-shape warnings as it reads). */
  warnings: ImportWarning[];
  /** Reports progress and polls for cancellation. */
  tick: () => void;
}

/** Shared, frozen technique objects (every activity with the default points at the same one). */
export const PERCENT: EvTechnique = Object.freeze({ kind: 'percent-complete' }) as EvTechnique;
export const LOE: EvTechnique = Object.freeze({ kind: 'level-of-effort' }) as EvTechnique;

/** One PROJECT of the file and what is built for it. */
export interface ProjectInfo {
  key: number;
  id: string;
  code: string;
  name: string;
  dataDate?: LocalDateTime;
  plannedStart?: LocalDateTime;
  plannedFinish?: LocalDateTime;
  calendarKey: number;
  baseKey: number;
  /** sum_base_proj_id as written, for messages. */
  baseIdText: string;
  origKey: number;
  pctType: PercentCompleteType;
  activityRows: number;
  /** 0 not built, 1 built and returned, 2 built only to serve as another project's baseline. */
  build: 0 | 1 | 2;
  warnings: ImportWarning[];
  wbs: WbsNode[];
  rootWbsId: string;
  activities: Activity[];
  relationships: Relationship[];
  assignments: Assignment[];
  lagCalendar?: Relationship['lagCalendar'];
  /** Scheduling options from PROJECT and SCHEDOPTIONS (Project.scheduling). */
  scheduling: SchedulingOptions;
  /** The P6 baseline project and the P6 planned dates it replaced, when the baseline is in the file. */
  baselines?: Baseline[];
}

export const building = (p: ProjectInfo | undefined): p is ProjectInfo => p !== undefined && p.build !== 0;

/** Ids that are not integers get negative keys, so every lookup can use a number. */
export class Keys {
  private readonly interned = new Map<string, number>();
  of(t: P6Table, row: number, col: number): number {
    const v = t.int(row, col);
    if ((v >= 0 && v <= 0x7fffffff) || col < 0 || t.empty(row, col)) return v;
    const s = t.str(row, col).trim();
    if (s === '') return -1;
    let k = this.interned.get(s);
    if (k === undefined) {
      k = -2 - this.interned.size;
      this.interned.set(s, k);
    }
    return k;
  }
}

export const nz = (v: number) => (v === v ? v : 0); // NaN → 0
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const lookupKeys = new Map<object, string[]>();
/** `map[cell text]` without cutting the cell out of the text (P6 enums repeat on every row). */
export function lookup<T>(t: P6Table, row: number, col: number, map: Record<string, T>): T | undefined {
  let keys = lookupKeys.get(map);
  if (!keys) {
    keys = Object.keys(map);
    lookupKeys.set(map, keys);
  }
  for (let k = 0; k < keys.length; k++) if (t.is(row, col, keys[k])) return map[keys[k]];
  return undefined;
}


export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** Column handles for the named fields (-1 for those the table lacks). */
export function colsOf<F extends string>(t: P6Table, fields: readonly F[]): Record<F, number> {
  const out = {} as Record<F, number>;
  for (const f of fields) out[f] = t.col(f);
  return out;
}

/** One warning per field whose values could not be read as dates or numbers. */
export function noteProblems(t: P6Table, warnings: ImportWarning[]): void {
  for (const p of t.problems()) {
    warnings.push({
      message: `${t.name}.${p.field}: ${plural(p.count, 'value')} could not be read (first at row ${p.firstRow + 1}: "${p.sample}") and ${p.count === 1 ? 'was' : 'were'} left empty.`,
      where: `${t.name} row ${p.firstRow + 1}`,
    });
  }
}
