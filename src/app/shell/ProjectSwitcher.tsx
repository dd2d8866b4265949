import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dataApi, useLocalStoreEvents } from '../../client/data';
import { useSyncStatus } from '../../client/syncStatus';
import type { ProjectSummaryRow } from '../../local/contracts';
import { groupProjects } from '../projects/projectGroups';
import { openProject, switchedPath } from './projectSwitch';

/**
 * The header's project switcher: the user's projects grouped by space (as the projects list groups
 * them); choosing one opens the same tab of that project. A native select, so it is a combobox
 * to assistive technology and a wheel picker on a phone, with no code of its own for either.
 */
export function ProjectSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<ProjectSummaryRow[] | null>(null);
  const changed = useLocalStoreEvents((s) => s.projectsChanged);
  const teams = useSyncStatus((s) => s.snapshot?.teams ?? null);
  const current = openProject(pathname)?.id ?? '';
  // Read again when projects change in another tab or from the team, and whenever the user moves
  // to another project or screen (this tab's own creates, renames and deletes): not on a change of tab.
  const screen = current || pathname;
  useEffect(() => {
    let live = true;
    dataApi()
      .listProjects()
      .then(
        (list) => live && setRows(list),
        () => live && setRows([]),
      );
    return () => {
      live = false;
    };
  }, [changed, screen]);
  if (!rows || rows.length === 0) return null;
  const groups = groupProjects(rows, teams);
  const known = rows.some((r) => r.id === current);
  return (
    <label className="project-switcher">
      <span className="sr-only">Switch project</span>
      <select
        className="input project-switcher__select"
        value={known ? current : ''}
        onChange={(e) => {
          if (!e.target.value) return;
          navigate(switchedPath(pathname, e.target.value));
          onSwitched?.();
        }}
      >
        <option value="">{known ? 'Switch project…' : 'Open a project…'}</option>
        {groups.length === 1
          ? groups[0].rows.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))
          : groups.map((g) => (
              <optgroup key={g.key || 'personal'} label={g.badge ? `${g.title} (${g.badge})` : g.title}>
                {g.rows.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
    </label>
  );
}
