/**
 * Removing this account's projects from this device (a shared site laptop handed on), for the
 * account page ("Remove my projects from this device") and /pwa ("Clear this device"): one
 * component, so what is said before deleting local data is said the same way in both places.
 *
 * Before asking, it asks the data worker what has not reached the server yet (issue 13: "clear this
 * device, with the warning when unsynced data exists"). When something has not, the dialog says how
 * many changes, per team and why they cannot be sent when they cannot, that clearing deletes them
 * for good, and the delete button stays disabled until the user ticks that they understand.
 */
import { useState } from 'react';
import { dataApi } from '../../client/data';
import { pendingTeamLine, pendingTitle, SIGN_OUT_CHECK_MS, totalWaiting, waitingReports } from '../../client/signOutSync';
import type { PendingReport } from '../../local/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;

/** What the check before clearing found. */
export type PendingCheck =
  | { kind: 'checking' }
  /** `reports`: one per team sync knows (none when sync is not running on this device). */
  | { kind: 'checked'; reports: PendingReport[] }
  | { kind: 'failed'; reason: string };

export type ClearPlace = 'account' | 'pwa';

export const CLEAR_WORDS: Record<ClearPlace, { button: string; title: string; confirm: string }> = {
  account: { button: 'Remove my projects from this device', title: 'Remove your projects from this device?', confirm: 'Remove from this device' },
  pwa: { button: 'Clear this device', title: 'Clear this device?', confirm: 'Clear this device' },
};

/** The dialog's message: what goes, and whether anything is lost with it. */
export function clearMessage(counts: { projects: number; imports: number }, check: PendingCheck): string {
  const what = `${plural(counts.projects, 'project')} and ${plural(counts.imports, 'import')} will be deleted from this browser.`;
  if (check.kind === 'checking') return `${what} Checking for changes that have not reached the server yet…`;
  if (check.kind === 'failed')
    return `${what} Earnest could not check for changes that have not reached the server (${check.reason}), so any such change would be deleted for good. Connect and try again to be sure.`;
  const waiting = totalWaiting(waitingReports(check.reports));
  if (waiting > 0) return `${what} ${pendingTitle(check.reports)}. Clearing the device deletes ${waiting === 1 ? 'it' : 'them'} for good.`;
  if (check.reports.length === 0)
    return `${what} Sync is not running on this device, so they may not be on the server: anything that is not cannot be recovered; you would need to import the schedule files again.`;
  return `${what} Everything here has reached the server: your teams keep these projects, and they come back to this device the next time Earnest opens here signed in to your account.`;
}

export interface ClearDialogViewProps {
  place: ClearPlace;
  open: boolean;
  counts: { projects: number; imports: number };
  check: PendingCheck;
  /** The "I understand" box, ticked. */
  understood: boolean;
  busy: boolean;
  onUnderstood(value: boolean): void;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirmation, with the list of unsent changes and the explicit consent when there are any. */
export function ClearDialogView({ place, open, counts, check, understood, busy, onUnderstood, onConfirm, onCancel }: ClearDialogViewProps) {
  const words = CLEAR_WORDS[place];
  const waiting = check.kind === 'checked' ? waitingReports(check.reports) : [];
  const n = totalWaiting(waiting);
  return (
    <ConfirmDialog
      open={open}
      title={words.title}
      message={clearMessage(counts, check)}
      confirmLabel={words.confirm}
      busy={busy}
      confirmDisabled={check.kind === 'checking' || (n > 0 && !understood)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {n > 0 ? (
        <div className="clear-device-pending">
          <ul className="sign-out-pending">
            {waiting.map((r) => (
              <li key={r.teamId}>{pendingTeamLine(r)}</li>
            ))}
          </ul>
          <label className="clear-device-consent">
            <input type="checkbox" checked={understood} onChange={(e) => onUnderstood(e.target.checked)} /> Delete {n === 1 ? 'this change' : `these ${plural(n, 'change')}`} for
            good: nobody else has {n === 1 ? 'it' : 'them'}.
          </label>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`the check took longer than ${ms / 1000} seconds`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/**
 * The button and its dialog, wired to the data worker. `onCleared` runs after the removal (the
 * section reads its figures again); `onError` with a message when it failed.
 */
export function ClearDevice({ place, counts, onCleared, onError }: { place: ClearPlace; counts: { projects: number; imports: number }; onCleared(): void; onError(message: string): void }) {
  const [open, setOpen] = useState(false);
  const [check, setCheck] = useState<PendingCheck>({ kind: 'checking' });
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);

  function start() {
    setCheck({ kind: 'checking' });
    setUnderstood(false);
    setOpen(true);
    withTimeout(dataApi().pendingChanges(), SIGN_OUT_CHECK_MS).then(
      (reports) => setCheck({ kind: 'checked', reports }),
      (e: Error) => setCheck({ kind: 'failed', reason: e.message }),
    );
  }

  async function clear() {
    setBusy(true);
    try {
      await dataApi().removeFromDevice();
      setOpen(false);
      onCleared();
    } catch (e) {
      setOpen(false);
      onError(`Earnest could not remove your projects from this device: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="button-row">
        <button type="button" className="btn btn-outline btn-danger-text" onClick={start}>
          {CLEAR_WORDS[place].button}
        </button>
      </div>
      <ClearDialogView
        place={place}
        open={open}
        counts={counts}
        check={check}
        understood={understood}
        busy={busy}
        onUnderstood={setUnderstood}
        onConfirm={() => void clear()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
