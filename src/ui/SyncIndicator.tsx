import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useSyncStatus } from '../client/syncStatus';
import { describeOverall, type OverallKind, type OverallLabel } from '../core/sync/labels';
import type { SyncSnapshot } from '../local/contracts';
import { AlertIcon, CloudCheckIcon, OfflineIcon, SyncIcon } from './Icons';
import { SyncTeamList } from './SyncTeamList';
import { useNow } from './useNow';
import './syncIndicator.css';

/** The word that stays on a phone-width header, where the full label does not fit. */
export function shortLabel(overall: OverallLabel, snapshot: SyncSnapshot): string {
  const waiting = snapshot.teams.reduce((sum, t) => sum + t.pending, 0);
  switch (overall.kind) {
    case 'synced':
      return 'Synced';
    case 'syncing':
      return 'Syncing';
    case 'offline':
      return waiting > 0 ? `${waiting.toLocaleString('en-GB')} waiting` : 'Offline';
    case 'error':
      return 'Error';
    case 'stopped':
      return 'Paused';
    case 'standby':
      return 'Other tab';
  }
}

function StateIcon({ kind }: { kind: OverallKind }) {
  if (kind === 'synced') return <CloudCheckIcon size={16} />;
  if (kind === 'offline') return <OfflineIcon size={16} />;
  if (kind === 'error') return <AlertIcon size={16} />;
  return <SyncIcon size={16} />;
}

interface ViewProps {
  snapshot: SyncSnapshot;
  overall: OverallLabel;
  now: number;
  open: boolean;
  onToggle?: () => void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  panelRef?: RefObject<HTMLDivElement | null>;
}

/**
 * The indicator for a given snapshot: a button with an icon and the state in words (never colour
 * alone), which opens a panel listing each team. A separate polite live region carries the state
 * without its counts, so a screen reader hears "Syncing" once, not every document sent.
 */
export function SyncIndicatorView({ snapshot, overall, now, open, onToggle, buttonRef, panelRef }: ViewProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  return (
    <div className={`sync-indicator sync-indicator--${overall.kind}`}>
      <span className="sr-only" aria-live="polite">
        {overall.announce}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="sync-indicator-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        // The label may end in an ellipsis in a crowded header: the title says it all on hover.
        title={`Sync status: ${overall.label}`}
      >
        <StateIcon kind={overall.kind} />
        <span className="sync-label-long">
          <span className="sr-only">Sync: </span>
          {overall.label}
        </span>
        <span className="sync-label-short" aria-hidden="true">
          {shortLabel(overall, snapshot)}
        </span>
      </button>
      {open ? (
        <div ref={panelRef} id={panelId} className="sync-panel" role="region" aria-label="Sync status by team">
          <p className="sync-panel-title">{overall.label}</p>
          {snapshot.teams.length === 0 ? <p className="muted">No team databases on this device yet.</p> : <SyncTeamList snapshot={snapshot} now={now} />}
          <p className="sync-panel-more">
            <Link to="/pwa">This device and its storage</Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The header's sync state (issue 13 "Sync state is visible"), from the data worker's latest snapshot.
 * Nothing shows until sync has started. Escape or a click elsewhere closes the panel; Escape puts
 * the focus back on the button.
 */
export function SyncIndicator() {
  const snapshot = useSyncStatus((s) => s.snapshot);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // "5 minutes ago" moves on while the panel is open.
  const now = useNow(open ? 30_000 : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    // A link followed inside the panel closes it (the header stays mounted across pages).
    const onClick = (e: MouseEvent) => {
      if ((e.target as HTMLElement).closest?.('a') && panelRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const overall = snapshot ? describeOverall(snapshot) : null;
  if (!snapshot || !overall) return null;
  return <SyncIndicatorView snapshot={snapshot} overall={overall} now={now} open={open} onToggle={() => setOpen((o) => !o)} buttonRef={buttonRef} panelRef={panelRef} />;
}
