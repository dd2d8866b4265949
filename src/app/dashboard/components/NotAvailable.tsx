/** "n/a" with the reason it is not available, shown on hover and on keyboard focus. */
import { useId } from 'react';
import { NA } from '../../../core/format';

export function NotAvailable({ reason }: { reason?: string | null }) {
  const id = useId();
  if (!reason) return <span className="na">{NA}</span>;
  return (
    <span className="na na--explained" tabIndex={0} aria-describedby={id}>
      {NA}
      <span id={id} role="tooltip" className="na__reason">
        {reason}
      </span>
    </span>
  );
}
