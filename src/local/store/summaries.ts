/**
 * Rows for the project and import lists, the order of imports in a project's history, and the
 * "which project does this file belong to?" guess. Pure functions over the stored documents.
 */
import { tryToMinutes } from '../../core/model/dates';
import type { ImportHeaderDoc, ProjectDoc } from './docs';
import type { ImportSummaryRow, ProjectSummaryRow } from '../contracts';

export type { ImportSummaryRow, ProjectSummaryRow };

/** The project a new file most likely continues (its summary row), and what matched. */
export interface ProjectMatch extends ProjectSummaryRow {
  /** The strongest evidence: the file's own project id (P6 proj_id, MS Project GUID), its code, its name. */
  matchedBy: 'id' | 'code' | 'name';
  /** Why, in words for the import summary: "same P6 project id, 45 of 49 activity ids in common". */
  reason: string;
  /** For choosing among spaces' matches: higher is surer (matchScore). */
  score: number;
}

/** What ties a file's schedule to an existing project. */
export interface MatchEvidence {
  /** The file's project id equals one an import of the project had: which kind of id it is. */
  sameId: 'P6 project id' | 'MS Project GUID' | null;
  sameCode: boolean;
  sameName: boolean;
  /** Activity ids of the file also in the project's latest import, of the file's; absent when not read. */
  overlap?: { common: number; of: number };
}

const GUID = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/**
 * The kind of a project id worth matching on, or null: an MS Project GUID, or P6's proj_id (an
 * integer key). Other readers fall back to the code or the file name for the id, which says
 * nothing the code and name do not.
 */
export function idKind(project: { id: string; code?: string; name: string }): MatchEvidence['sameId'] {
  const id = project.id.trim();
  if (GUID.test(id)) return 'MS Project GUID';
  if (/^\d+$/.test(id) && id !== project.code?.trim()) return 'P6 project id';
  return null;
}

/** id 8, code 4, name 2, plus the share of activity ids in common (0..1). */
export function matchScore(e: MatchEvidence): number {
  return (e.sameId ? 8 : 0) + (e.sameCode ? 4 : 0) + (e.sameName ? 2 : 0) + (e.overlap && e.overlap.of > 0 ? e.overlap.common / e.overlap.of : 0);
}

/** The reason the import summary shows beside its proposal. */
export function matchReason(e: MatchEvidence): string {
  const parts: string[] = [];
  if (e.sameId) parts.push(`same ${e.sameId}`);
  if (e.sameCode) parts.push('same project code');
  if (e.sameName) parts.push('same project name');
  if (e.overlap && e.overlap.of > 0) parts.push(`${e.overlap.common} of ${e.overlap.of} activity ids in common`);
  return parts.join(', ');
}

/** How many of `ids` (the file's activity ids) are among `known` (the project's latest import's). */
export function activityOverlap(ids: readonly string[], known: ReadonlySet<string>): { common: number; of: number } {
  const unique = new Set(ids);
  let common = 0;
  for (const id of unique) if (known.has(id)) common++;
  return { common, of: unique.size };
}

const statusAt = (h: Pick<ImportHeaderDoc, 'statusDate'>): number => (h.statusDate === undefined ? -Infinity : (tryToMinutes(h.statusDate) ?? -Infinity));

/**
 * History order: by status date, then by when imported (a re-import of a corrected file comes
 * after the one it corrects), then by id so the order is the same on every device.
 */
export function compareImports(a: ImportHeaderDoc, b: ImportHeaderDoc): number {
  return statusAt(a) - statusAt(b) || cmp(a.importedAt, b.importedAt) || cmp(a.importId, b.importId);
}

/** Code-unit order, the same on every device whatever its locale. */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The imports whose status becomes the history of `target`: those strictly earlier by status
 * date, one per date (the last imported wins), oldest first. Undated imports cannot be placed,
 * so they neither have nor give history.
 */
export function historyOf(target: ImportHeaderDoc, sorted: readonly ImportHeaderDoc[]): ImportHeaderDoc[] {
  const limit = statusAt(target);
  if (limit === -Infinity) return [];
  const byDate = new Map<number, ImportHeaderDoc>();
  for (const h of sorted) {
    const t = statusAt(h);
    if (t === -Infinity || t >= limit) continue;
    byDate.set(t, h);
  }
  return [...byDate.values()].sort(compareImports);
}

export function importRow(h: ImportHeaderDoc, complete: boolean): ImportSummaryRow {
  const row: ImportSummaryRow = {
    projectId: h.projectId,
    importId: h.importId,
    fileName: h.fileName,
    format: h.format,
    fileSize: h.fileSize,
    activityCount: h.activityCount,
    importedAt: h.importedAt,
    warningsCount: h.warningsCount,
    sourceProjectName: h.project.name,
    complete,
  };
  if (h.dataDate !== undefined) row.dataDate = h.dataDate;
  if (h.statusDate !== undefined) row.statusDate = h.statusDate;
  if (h.project.code !== undefined) row.sourceProjectCode = h.project.code;
  if (h.importedBy && typeof h.importedBy.name === 'string') row.importedBy = h.importedBy.name;
  return row;
}

/** `sortedImports` must be this project's headers in `compareImports` order. */
export function projectRow(p: ProjectDoc, sortedImports: readonly ImportHeaderDoc[]): ProjectSummaryRow {
  const latest = sortedImports.at(-1);
  let updatedAt = p.updatedAt;
  for (const h of sortedImports) if (h.importedAt > updatedAt) updatedAt = h.importedAt;
  const row: ProjectSummaryRow = {
    id: p.projectId,
    name: p.name,
    currency: p.currency,
    importCount: sortedImports.length,
    activityCount: latest?.activityCount ?? 0,
    createdAt: p.createdAt,
    updatedAt,
  };
  if (p.code !== undefined) row.code = p.code;
  // Two devices renamed it at once (sync/mutable.ts keeps both): the list says so, the dashboard shows them.
  const names = (p as { versions?: { name?: unknown } }).versions?.name;
  if (Array.isArray(names) && names.length > 1) row.nameVersions = names.length;
  if (latest) {
    row.latestImportId = latest.importId;
    const dd = latest.dataDate ?? latest.statusDate;
    if (dd !== undefined) row.latestDataDate = dd;
  }
  return row;
}

/** Case, spacing and punctuation-insensitive form of a project code or name, for matching. */
export function normaliseKey(text: string | undefined): string {
  return (text ?? '').normalize('NFKC').toLowerCase().replace(/[\s_\-.]+/g, ' ').trim();
}

/**
 * The projects a schedule may continue, with the evidence for each: the file's project id (P6
 * proj_id, MS Project GUID) equal to one an import of the project had, the code equal to the
 * project's own or an import's, the name likewise. Activity ids in common are added by the caller
 * (they need the latest import's activities): on their own they prove nothing, since P6 numbers
 * every new project's activities A1000, A1010… alike.
 */
export function matchCandidates(
  schedule: { project: { id: string; code?: string; name: string } },
  projects: readonly { row: ProjectSummaryRow; doc: ProjectDoc; imports: readonly ImportHeaderDoc[] }[],
): { row: ProjectSummaryRow; imports: readonly ImportHeaderDoc[]; evidence: MatchEvidence }[] {
  const code = normaliseKey(schedule.project.code);
  const name = normaliseKey(schedule.project.name);
  const kind = idKind(schedule.project);
  const id = schedule.project.id.trim();
  const out: { row: ProjectSummaryRow; imports: readonly ImportHeaderDoc[]; evidence: MatchEvidence }[] = [];
  for (const p of projects) {
    const evidence: MatchEvidence = {
      sameId: kind && p.imports.some((h) => h.project.id.trim() === id) ? kind : null,
      sameCode: code !== '' && (normaliseKey(p.doc.code) === code || p.imports.some((h) => normaliseKey(h.project.code) === code)),
      sameName: name !== '' && (normaliseKey(p.doc.name) === name || p.imports.some((h) => normaliseKey(h.project.name) === name)),
    };
    if (evidence.sameId || evidence.sameCode || evidence.sameName) out.push({ row: p.row, imports: p.imports, evidence });
  }
  return out;
}

/**
 * The project a schedule most likely continues: the candidate with the strongest evidence (id,
 * then code, then name, then activity ids in common); among equals, the most recently updated.
 * Null when nothing matches.
 */
export function bestMatch(candidates: readonly { row: ProjectSummaryRow; evidence: MatchEvidence }[]): ProjectMatch | null {
  if (!candidates.length) return null;
  const ranked = [...candidates].sort((a, b) => matchScore(b.evidence) - matchScore(a.evidence) || cmp(b.row.updatedAt, a.row.updatedAt));
  const { row, evidence } = ranked[0];
  return { ...row, matchedBy: evidence.sameId ? 'id' : evidence.sameCode ? 'code' : 'name', reason: matchReason(evidence), score: matchScore(evidence) };
}
