/**
 * A project's thresholds as a mutable document `thresholds:<projectId>` in its team database
 * (sync/mutable.ts): one field per metric (`metric.cpi`: { amber, red }) and one per control
 * account with levels of its own (`ca.<id>`: { code, name, levels }). Fields merge one by one, so
 * two people who change different metrics (or accounts) at the same time both keep their change;
 * two changes of the same one are both kept, the later in force, until someone saves again.
 * A field cleared to null is the default again (a metric) or no override (an account).
 */
import {
  THRESHOLD_METRICS,
  checkThresholds,
  defaultThresholds,
  isDefaultThresholds,
  thresholdLabel,
  type ControlAccountThresholds,
  type ProjectThresholds,
} from '../../core/insight/thresholds';
import type { SeenToken, ThresholdsView } from '../contracts';
import type { Db } from '../sync/db';
import { canonicalJson, readMutable, seenOf, writeFields, type EditContext, type FieldVersion, type Json } from '../sync/mutable';

export const thresholdsDocId = (projectId: string): string => `thresholds:${projectId}`;

const METRIC_FIELD = 'metric.';
const CA_FIELD = 'ca.';

/** The document's fields for thresholds: every project metric, and every account with levels of its own. */
function fieldsOf(t: ProjectThresholds): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const m of THRESHOLD_METRICS) out[METRIC_FIELD + m] = { amber: t.project[m].amber, red: t.project[m].red };
  for (const [id, ca] of Object.entries(t.controlAccounts)) out[CA_FIELD + id] = JSON.parse(JSON.stringify(ca)) as Json;
  return out;
}

/** Thresholds from the document's fields; anything unreadable (a newer build's, a bad write) falls back to the defaults, checked. */
function thresholdsOf(doc: Record<string, unknown>): ProjectThresholds {
  const t = defaultThresholds();
  const raw: { project: Record<string, unknown>; controlAccounts: Record<string, unknown> } = { project: { ...t.project }, controlAccounts: {} };
  for (const [k, v] of Object.entries(doc)) {
    if (v === null || v === undefined) continue;
    if (k.startsWith(METRIC_FIELD)) raw.project[k.slice(METRIC_FIELD.length)] = v;
    else if (k.startsWith(CA_FIELD)) raw.controlAccounts[k.slice(CA_FIELD.length)] = v as ControlAccountThresholds;
  }
  try {
    return checkThresholds(raw);
  } catch {
    // A stored value this build cannot accept is never applied half-way: the defaults judge instead.
    return t;
  }
}

function fieldLabel(field: string): string {
  if (field.startsWith(METRIC_FIELD)) {
    const m = field.slice(METRIC_FIELD.length);
    return (THRESHOLD_METRICS as readonly string[]).includes(m) ? thresholdLabel(m as (typeof THRESHOLD_METRICS)[number]) : m;
  }
  return field.startsWith(CA_FIELD) ? `control account ${field.slice(CA_FIELD.length)}` : field;
}

export async function readThresholdsDoc(db: Db, projectId: string): Promise<ThresholdsView> {
  const read = await readMutable(db, thresholdsDocId(projectId));
  if (!read) {
    const t = defaultThresholds();
    return { thresholds: t, isDefault: true, conflicts: [], seen: {} };
  }
  const thresholds = thresholdsOf(read.doc);
  const versions = Object.values((read.doc.versions ?? {}) as Record<string, FieldVersion[]>).flat();
  const latest = versions.reduce<FieldVersion | null>((a, v) => (!a || v.at > a.at ? v : a), null);
  return {
    thresholds,
    isDefault: isDefaultThresholds(thresholds),
    ...(typeof read.doc.updatedAt === 'string' ? { updatedAt: read.doc.updatedAt } : {}),
    ...(latest?.who ? { updatedBy: latest.who } : {}),
    conflicts: read.conflicts.filter((c) => new Set(c.versions.map((v) => canonicalJson(v.v))).size > 1).map((c) => fieldLabel(c.field)),
    seen: seenOf(read) as SeenToken,
  };
}

/** Only the rules the stored thresholds give need the document: null when there is none (the defaults). */
export async function storedThresholds(db: Db, projectId: string): Promise<ProjectThresholds | null> {
  const read = await readMutable(db, thresholdsDocId(projectId));
  return read ? thresholdsOf(read.doc) : null;
}

/**
 * Writes `next` (already checked) over what is stored: only the fields that differ, so a teammate's
 * concurrent change of another metric or account survives; an account no longer listed is cleared.
 */
export async function writeThresholdsDoc(db: Db, projectId: string, next: ProjectThresholds, edit: EditContext, seen?: SeenToken): Promise<boolean> {
  const read = await readMutable(db, thresholdsDocId(projectId));
  const current: Record<string, unknown> = read ? read.doc : {};
  const wanted = fieldsOf(next);
  const changes: Record<string, Json> = {};
  // A field two devices set at once is written even when the value shown is kept: saving has seen both, which ends the conflict.
  const inConflict = new Set(read ? read.conflicts.map((c) => c.field) : []);
  for (const [k, v] of Object.entries(wanted)) {
    if (inConflict.has(k) || canonicalJson(current[k] ?? null) !== canonicalJson(v)) changes[k] = v;
  }
  for (const k of Object.keys(current)) if (k.startsWith(CA_FIELD) && (current[k] !== null || inConflict.has(k)) && !(k in wanted)) changes[k] = null;
  if (!read) {
    // Nothing stored yet: write only what differs from the defaults (none: nothing to write).
    const defaults = fieldsOf(defaultThresholds());
    for (const k of Object.keys(changes)) if (k.startsWith(METRIC_FIELD) && canonicalJson(defaults[k]) === canonicalJson(changes[k])) delete changes[k];
  }
  if (Object.keys(changes).length === 0) return false;
  await writeFields(db, thresholdsDocId(projectId), changes, { ...edit, create: { type: 'thresholds', fixed: { projectId } }, ...(seen ? { seen } : {}) });
  return true;
}

/** Clears every field: the defaults again, for the project and every account. */
export async function resetThresholdsDoc(db: Db, projectId: string, edit: EditContext): Promise<boolean> {
  const read = await readMutable(db, thresholdsDocId(projectId));
  if (!read) return false;
  const changes: Record<string, Json> = {};
  for (const [k, v] of Object.entries(read.doc)) if ((k.startsWith(METRIC_FIELD) || k.startsWith(CA_FIELD)) && v !== null) changes[k] = null;
  if (Object.keys(changes).length === 0) return false;
  await writeFields(db, thresholdsDocId(projectId), changes, edit);
  return true;
}
