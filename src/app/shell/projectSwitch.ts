/**
 * Where the header's project switcher goes (AppLayout.tsx): the same tab of the project chosen, so
 * a planner comparing the cash flow of two projects stays on the cash flow. Pure, for the tests.
 */
import { PROJECT_TABS } from '../project/projectTabs';

const PROJECT_PATH = /^\/app\/projects\/([^/]+)(?:\/([^/?#]*))?/;

/** The project open at `pathname` and the tab shown ('' the overview), or null outside a project. */
export function openProject(pathname: string): { id: string; tab: string } | null {
  const m = PROJECT_PATH.exec(pathname);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    id = m[1];
  }
  return { id, tab: m[2] ?? '' };
}

/** The path of project `id` at the tab open at `pathname` (an unknown tab, or none: the overview). */
export function switchedPath(pathname: string, id: string): string {
  const tab = openProject(pathname)?.tab ?? '';
  const known = PROJECT_TABS.some((t) => t.path === tab);
  const base = `/app/projects/${encodeURIComponent(id)}`;
  return known && tab ? `${base}/${tab}` : base;
}
