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
  matchedBy: 'code' | 'name';
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
 * The project a schedule most likely continues: one whose own code or any import's source project
 * code equals the schedule's code; failing that, the same by name. Of several, the most recently
 * updated. Null when nothing matches.
 */
export function bestMatch(
  schedule: { project: { code?: string; name: string } },
  projects: readonly { row: ProjectSummaryRow; doc: ProjectDoc; imports: readonly ImportHeaderDoc[] }[],
): ProjectMatch | null {
  const code = normaliseKey(schedule.project.code);
  const name = normaliseKey(schedule.project.name);
  const pick = (matchedBy: 'code' | 'name', key: string): ProjectMatch | null => {
    if (!key) return null;
    const hits = projects.filter((p) =>
      matchedBy === 'code'
        ? normaliseKey(p.doc.code) === key || p.imports.some((h) => normaliseKey(h.project.code) === key)
        : normaliseKey(p.doc.name) === key || p.imports.some((h) => normaliseKey(h.project.name) === key),
    );
    if (!hits.length) return null;
    hits.sort((a, b) => cmp(b.row.updatedAt, a.row.updatedAt));
    return { ...hits[0].row, matchedBy };
  };
  return pick('code', code) ?? pick('name', name);
}
