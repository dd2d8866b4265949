import { useEffect, useRef, useState } from 'react';
import {
  pendingAdvice,
  pendingTeamLine,
  pendingTitle,
  SIGN_OUT_KEEPS,
  SIGN_OUT_WAIT_MS,
  SignOutFlow,
  signOutSyncApi,
  totalWaiting,
  type SignOutStep,
  type SignOutSyncApi,
} from '../client/signOutSync';
import { useSyncStatus } from '../client/syncStatus';
import { ConfirmDialog } from './ConfirmDialog';
import { Spinner } from './Spinner';

export const UNKNOWN_TITLE = 'Earnest could not check for unsent changes';
export const UNKNOWN_KEEPS =
  'Signing out deletes nothing: anything on this device that has not reached the server stays here and is sent the next time you sign in here with this account.';

interface ViewProps {
  step: SignOutStep;
  /** While waiting: how many changes are still to send, from the live sync status (null: not known). */
  stillToSend?: number | null;
  onWait: () => void;
  onAnyway: () => void;
  onCancel: () => void;
}

/**
 * The warning before signing out with changes the server does not have (issue 13): how many, per
 * team and why they cannot go when they cannot, and that nothing is deleted. Nothing while the
 * flow is not asking.
 */
export function SignOutDialogView({ step, stillToSend = null, onWait, onAnyway, onCancel }: ViewProps) {
  if (step.kind === 'unknown') {
    return (
      <ConfirmDialog open title={UNKNOWN_TITLE} message={`${step.reason} ${UNKNOWN_KEEPS}`} confirmLabel="Sign out anyway" onConfirm={onAnyway} onCancel={onCancel} />
    );
  }
  if (step.kind !== 'asking' && step.kind !== 'waiting') return null;
  const waiting = step.kind === 'waiting';
  const sendable = step.reports.some((r) => r.canSend);
  const remaining = stillToSend ?? totalWaiting(step.reports);
  return (
    <ConfirmDialog
      open
      title={pendingTitle(step.reports)}
      message={SIGN_OUT_KEEPS}
      confirmLabel={waiting ? 'Sending...' : 'Wait for them to be sent'}
      confirmClassName="btn-primary"
      confirmDisabled={waiting || !sendable}
      secondary={{ label: 'Sign out anyway', onClick: onAnyway }}
      onConfirm={onWait}
      onCancel={onCancel}
    >
      <ul className="sign-out-pending">
        {step.reports.map((r) => (
          <li key={r.teamId}>{pendingTeamLine(r)}</li>
        ))}
      </ul>
      {waiting ? (
        <Spinner label={`Sending ${remaining.toLocaleString('en-GB')} ${remaining === 1 ? 'change' : 'changes'} to the server (waiting up to ${SIGN_OUT_WAIT_MS / 1000} seconds)...`} />
      ) : (
        <p className={step.afterWait ? 'sign-out-advice sign-out-advice--after' : 'sign-out-advice'} role={step.afterWait ? 'status' : undefined}>
          {pendingAdvice(step)}
        </p>
      )}
    </ConfirmDialog>
  );
}

/**
 * Sign-out with the unsent-changes check, for any Sign Out button. `perform` is the page's own
 * sign-out (auth's signOut and where to go next); `api` the data worker's sync calls, or how to
 * get them when Sign Out is pressed (the default: nothing starts before then). Returns the button's handler, whether a sign-out is under way, and
 * the dialog to render (outside any menu that may be hidden, as a modal needs a rendered parent).
 */
export function useSignOutFlow(perform: () => Promise<void>, api: SignOutSyncApi | null | (() => SignOutSyncApi | null) = signOutSyncApi) {
  const [step, setStep] = useState<SignOutStep>({ kind: 'idle' });
  // The latest `perform` (it closes over the page's navigate), for a flow made once.
  const performRef = useRef(perform);
  useEffect(() => {
    performRef.current = perform;
  });
  const [flow] = useState(() => new SignOutFlow(api, () => performRef.current(), setStep));
  // While waiting, the count follows the live sync status as changes go out.
  const live = useSyncStatus((s) => (s.snapshot ? s.snapshot.teams.reduce((sum, t) => sum + t.pending, 0) : null));

  const dialog = (
    <SignOutDialogView
      step={step}
      stillToSend={step.kind === 'waiting' ? live : null}
      onWait={() => void flow.wait()}
      onAnyway={() => void flow.anyway()}
      onCancel={() => flow.cancel()}
    />
  );
  return { start: () => flow.start(), busy: step.kind === 'checking' || step.kind === 'signing-out', dialog };
}
