import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { trackEvent } from '../../client/analytics';
import { useSubscription } from '../../client/subscription';
import { shouldOfferExitIntent } from '../../core/plans/trial';
import { CloseIcon } from '../Icons';
import { exitIntentAlreadyShown, isExitIntent, rememberExitIntentShown } from './exitIntent';
import './banners.css';

/** "You have N day(s) left in your free trial" — "day" for exactly 1. */
export function exitIntentDaysText(days: number): string {
  return `You have ${days} ${days === 1 ? 'day' : 'days'} left in your free trial`;
}

const KEPT = ['Advanced AI-powered forecasting', 'Team collaboration and sharing', 'Priority support and onboarding'];

const CheckIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

/**
 * §2 Exit-intent dialog "Wait! Don't Miss Out" (§4 Exit intent). A modal <dialog>: the page behind
 * is inert, Escape closes it and focus goes back where it was. Records exit_intent_shown when
 * shown and exit_intent_converted on View Plans & Pricing (category conversion).
 */
export function ExitIntentDialog() {
  const facts = useSubscription(
    useShallow((s) => ({
      isOnTrial: s.isOnTrial,
      isAdmin: s.isAdmin,
      isFreeUser: s.isFreeUser,
      subscribed: s.subscribed,
      loading: s.loading,
      days: s.trialDaysRemaining,
    })),
  );
  const eligible = !facts.loading && shouldOfferExitIntent(facts) && facts.days !== null;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const daysRef = useRef(facts.days);
  daysRef.current = facts.days;

  // Watch for the pointer leaving the window, once per browser session.
  useEffect(() => {
    if (!eligible || open || exitIntentAlreadyShown()) return;
    const onMouseOut = (event: globalThis.MouseEvent) => {
      if (!isExitIntent(event, window.innerWidth) || exitIntentAlreadyShown()) return;
      rememberExitIntentShown();
      setOpen(true);
      void trackEvent('exit_intent_shown', 'conversion', { days_remaining: daysRef.current });
    };
    document.addEventListener('mouseout', onMouseOut);
    return () => document.removeEventListener('mouseout', onMouseOut);
  }, [eligible, open]);

  // Open the native dialog; on close (any way) return focus.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const onClose = () => {
      setOpen(false);
      const back = opener.current;
      opener.current = null;
      if (back && back.isConnected && back !== document.body) back.focus();
    };
    dialog.addEventListener('close', onClose, { once: true });
    return () => dialog.removeEventListener('close', onClose);
  }, [open]);

  // A subscription change (upgrade elsewhere, sign-out) while it is open closes it.
  useEffect(() => {
    if (!eligible && ref.current?.open) ref.current.close();
  }, [eligible]);

  if (!open) return null;
  const days = facts.days ?? 0;
  const close = () => ref.current?.close();
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  return (
    <dialog ref={ref} className="exit-dialog" aria-labelledby={titleId} onClick={onBackdrop}>
      <div className="exit-dialog__body">
        <div className="exit-dialog__head">
          <h2 id={titleId} className="exit-dialog__title">
            Wait! Don&apos;t Miss Out
          </h2>
          <button type="button" className="exit-dialog__close" aria-label="Close dialog" onClick={close}>
            <CloseIcon size={18} />
          </button>
        </div>
        <p className="exit-dialog__days">{exitIntentDaysText(days)}</p>
        <p className="exit-dialog__offer">
          <strong>Special trial offer:</strong> subscribe while you are on your trial and keep our launch pricing. Prices are going up soon.
        </p>
        <p className="exit-dialog__kept-title">Keep everything with a paid plan:</p>
        <ul className="exit-dialog__kept">
          {KEPT.map((item) => (
            <li key={item}>
              <CheckIcon />
              {item}
            </li>
          ))}
        </ul>
        <div className="exit-dialog__actions">
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => {
              void trackEvent('exit_intent_converted', 'conversion', { days_remaining: days });
              close();
              navigate('/pricing');
            }}
          >
            View Plans &amp; Pricing
          </button>
          <button type="button" className="btn btn-outline btn-lg" onClick={close}>
            Continue with trial
          </button>
        </div>
        <p className="exit-dialog__note">Cancel anytime. No questions asked.</p>
      </div>
    </dialog>
  );
}

export default ExitIntentDialog;
