import { formatDataDate } from '../../core/format';
import { PERSONAL_SPACE } from '../../core/sync/labels';
import type { ProjectSummaryRow } from '../../local/contracts';

const key = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The "Save as" choice for an existing project. Two projects of the same name (one per team, or a
 * file imported twice as new) read the same, so the user could not tell which to add to (issue 18,
 * item 5): a name shared with another project gets its code, space and latest status date.
 */
export function saveAsLabel(project: ProjectSummaryRow, all: readonly ProjectSummaryRow[]): string {
  const base = `The next status of ${project.name}`;
  const twins = all.filter((p) => p.id !== project.id && key(p.name) === key(project.name));
  if (twins.length === 0) return base;
  const space = project.teamName && project.teamId ? project.teamName : PERSONAL_SPACE;
  const status = project.latestDataDate ? `status ${formatDataDate(project.latestDataDate)}` : 'no status yet';
  return `${base} (${[project.code, space, status].filter(Boolean).join(', ')})`;
}
