import { formatDataDate, formatDate } from '../../../core/format';
import { useProject } from '../projectContext';

/** /app/projects/:id/history — every status imported into the project, oldest first. */
export default function HistoryPage() {
  const { imports } = useProject();
  if (imports.length === 0) return <p className="muted">No status has been imported into this project yet.</p>;
  return (
    <div className="card">
      <h2>Status history</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Data date</th>
            <th scope="col">File</th>
            <th scope="col" className="num">
              Activities
            </th>
            <th scope="col">Imported</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((imp) => (
            <tr key={imp.importId}>
              <td>{formatDataDate(imp.dataDate ?? imp.statusDate) === 'n/a' ? '—' : formatDataDate(imp.dataDate ?? imp.statusDate)}</td>
              <td>{imp.fileName}</td>
              <td className="num">{imp.activityCount.toLocaleString('en-GB')}</td>
              <td>
                {formatDate(imp.importedAt.slice(0, 10))}
                {imp.importedBy ? <span className="muted"> by {imp.importedBy}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
