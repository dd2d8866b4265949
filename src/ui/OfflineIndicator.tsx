import { useOnline } from '../pwa/onlineStatus';
import { OfflineIcon } from './Icons';
import './offlineIndicator.css';

/** What the indicator says to screen readers beyond the visible "Offline". */
export const OFFLINE_DETAIL = 'no connection. Your projects, imports and analysis keep working on this device.';

/**
 * The header's "Offline" mark for a given state. The live region is always in the page, empty while
 * online, so that assistive technology announces the change when the mark appears. It is a word and
 * an icon (not a colour), and sits in the header's flow, so it never covers content or actions.
 */
export function OfflineIndicatorView({ online }: { online: boolean }) {
  return (
    <span className="offline-status" role="status">
      {online ? null : (
        <span className="offline-indicator" title="No connection: Earnest keeps working on this device">
          <OfflineIcon size={16} />
          <span>Offline</span>
          <span className="sr-only">: {OFFLINE_DETAIL}</span>
        </span>
      )}
    </span>
  );
}

/** "Offline" in the header whenever the browser has no network (its online/offline events). */
export function OfflineIndicator() {
  return <OfflineIndicatorView online={useOnline()} />;
}
