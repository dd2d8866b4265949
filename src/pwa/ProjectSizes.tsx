/**
 * /pwa "This device": each project's share of this browser's storage, largest first (issue 13
 * "each project's local size"). The data worker measures the length of each project's documents
 * (DataApi projectSizes); indexes and the databases' own bookkeeping come on top, which is why the
 * sizes are "about" and add up to less than the storage figure above.
 */
import { useEffect, useState } from 'react';
import { dataApi, useLocalStoreEvents } from '../client/data';
import type { ProjectSize } from '../local/contracts';
import { formatBytes } from './storageStatus';

export type SizesReading = { kind: 'reading' } | { kind: 'read'; sizes: ProjectSize[] } | { kind: 'failed'; message: string };

export function ProjectSizesView({ reading }: { reading: SizesReading }) {
  if (reading.kind === 'reading') return <p className="muted">Measuring each project…</p>;
  if (reading.kind === 'failed')
    return (
      <p className="app-error" role="alert">
        Earnest could not measure the projects on this device: {reading.message}
      </p>
    );
  if (reading.sizes.length === 0) return null;
  // The team column only when some project lives outside the personal space.
  const teams = reading.sizes.some((s) => !s.personal);
  return (
    <table className="data-table pwa-sizes">
      <caption>Projects on this device, largest first</caption>
      <thead>
        <tr>
          <th scope="col">Project</th>
          {teams ? <th scope="col">Team</th> : null}
          <th scope="col" className="num">
            Size here (about)
          </th>
        </tr>
      </thead>
      <tbody>
        {reading.sizes.map((s) => (
          <tr key={s.projectId}>
            <td>{s.name}</td>
            {teams ? <td>{s.teamName ?? '—'}</td> : null}
            <td className="num" data-bytes={s.bytes}>
              {formatBytes(s.bytes)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The table, read again when projects change (here, in another tab, or arriving from a team) or the device is cleared. */
export function ProjectSizes({ refresh }: { refresh: unknown }) {
  const [reading, setReading] = useState<SizesReading>({ kind: 'reading' });
  const changed = useLocalStoreEvents((s) => s.projectsChanged);
  useEffect(() => {
    let live = true;
    dataApi()
      .projectSizes()
      .then(
        (sizes) => live && setReading({ kind: 'read', sizes }),
        (e: Error) => live && setReading({ kind: 'failed', message: e.message }),
      );
    return () => {
      live = false;
    };
  }, [refresh, changed]);
  return <ProjectSizesView reading={reading} />;
}
