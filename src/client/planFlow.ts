/**
 * The plan flow (spec §4 "Plan flow" and "Trial", §7 create-checkout / start-trial, §8 messages):
 * start the Starter trial or a checkout for a tier and billing interval, from any page.
 *
 * - Signed out: the visitor goes to `/auth?redirect=trial` or
 *   `/auth?redirect=checkout&tier=<tier>&billing=<billing>`; /auth brings them back to
 *   `/pricing?trial=start` or `/pricing?tier=…&billing=…` (src/site/auth/redirects.ts), where the
 *   pricing page starts the flow by itself.
 * - Trial: `start-trial` → toast "Trial Started!" and /app after 1.5 s; 409 answers carry an
 *   `outcome` ("already-used" | "already-subscribed") that picks the §8 message.
 * - Checkout: `create-checkout { tier, billing }` → the returned URL in a new tab, or in this tab
 *   when the browser blocks the pop-up. `upgrade_viewed` is recorded first (failures silent).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TRIAL_REDIRECT_MS, type BillingInterval, type PaidTierId } from '../core/plans';
import { toast } from '../ui/toast';
import { trackEvent } from './analytics';
import { ApiError, invokeFunction } from './api';
import { useSession } from './session';
import { checkSubscription } from './subscriptionCheck';

export interface FlowMessage {
  title: string;
  description: string;
  destructive?: boolean;
}

/** §8 "Trial success". */
export const TRIAL_STARTED: FlowMessage = {
  title: 'Trial Started!',
  description: 'You now have 14 days of Starter plan access. No payment required!',
};
/** §8 "Trial already used". */
export const TRIAL_ALREADY_USED: FlowMessage = {
  title: 'Trial Already Used',
  description: "You've already used your free trial. Please choose a plan to continue.",
  destructive: true,
};
/** §8 "Already have an active subscription" (then to /app). */
export const ALREADY_SUBSCRIBED: FlowMessage = {
  title: 'Already Subscribed',
  description: 'You already have an active subscription!',
};
/** §8 "Other trial error" fallback. */
export const TRIAL_FAILED_TEXT = 'Failed to start trial. Please try again.';
/** §8 "Checkout failure". */
export const CHECKOUT_FAILED: FlowMessage = {
  title: 'Error',
  description: 'Failed to start subscription process. Please try again.',
  destructive: true,
};

/** §4: where a signed-out visitor goes to start the trial. */
export const TRIAL_AUTH_PATH = '/auth?redirect=trial';

/** §4: where a signed-out visitor goes to buy a plan. */
export function checkoutAuthPath(tier: PaidTierId, billing: BillingInterval): string {
  return `/auth?redirect=checkout&tier=${tier}&billing=${billing}`;
}

export function isPaidTier(v: unknown): v is PaidTierId {
  return v === 'starter' || v === 'professional';
}

export function isBillingInterval(v: unknown): v is BillingInterval {
  return v === 'monthly' || v === 'annual';
}

export type TrialResult =
  | { kind: 'started'; message: FlowMessage }
  | { kind: 'already-used'; message: FlowMessage }
  | { kind: 'already-subscribed'; message: FlowMessage }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: FlowMessage };

/**
 * §8 "Other trial error: the error message, or 'Failed to start trial. Please try again.'": the
 * server's own `error` text when it sent one (or the client's no-connection message), else the
 * fallback, never a made-up "The server answered 500." nor a script error's text.
 */
export function trialErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return TRIAL_FAILED_TEXT;
  if (err.offline) return err.message;
  const server = err.body?.error;
  return typeof server === 'string' && server.trim() !== '' ? server : TRIAL_FAILED_TEXT;
}

/** Calls start-trial and maps the answer to the spec's outcomes. Never throws. */
export async function requestTrial(): Promise<TrialResult> {
  try {
    await invokeFunction('start-trial');
    return { kind: 'started', message: TRIAL_STARTED };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) return { kind: 'signed-out' };
      const outcome = err.body?.outcome;
      if (err.status === 409 && outcome === 'already-used') return { kind: 'already-used', message: TRIAL_ALREADY_USED };
      if (err.status === 409 && outcome === 'already-subscribed') return { kind: 'already-subscribed', message: ALREADY_SUBSCRIBED };
    }
    return { kind: 'error', message: { title: 'Error', description: trialErrorText(err), destructive: true } };
  }
}

/**
 * Records §7 `upgrade_viewed` (category subscription) like every other event: only with analytics
 * consent, through the outbox (so it survives a dropped connection), stamped with when it happened.
 * Failures are silent (§8).
 */
export function recordUpgradeViewed(tier: PaidTierId, billing: BillingInterval): Promise<void> {
  return trackEvent('upgrade_viewed', 'subscription', { tier, billing });
}

/**
 * Opens a URL in a new tab; when the browser blocks the pop-up, goes there in this tab.
 * (Not `window.open(url, '_blank', 'noopener')`: with `noopener` the call always returns null, so a
 * blocked pop-up could not be told from an opened one. The opener is cut by hand instead.)
 */
export function openInNewTab(url: string): 'new-tab' | 'same-tab' {
  const w = window.open(url, '_blank');
  if (w) {
    try {
      w.opener = null;
    } catch {
      // A cross-origin window may refuse; it was opened all the same.
    }
    return 'new-tab';
  }
  window.location.assign(url);
  return 'same-tab';
}

export type CheckoutResult =
  | { kind: 'opened'; where: 'new-tab' | 'same-tab' }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: FlowMessage };

/** Records upgrade_viewed, calls create-checkout and opens the returned URL. Never throws. */
export async function requestCheckout(
  tier: PaidTierId,
  billing: BillingInterval,
  open: (url: string) => 'new-tab' | 'same-tab' = openInNewTab,
): Promise<CheckoutResult> {
  void recordUpgradeViewed(tier, billing);
  try {
    const res = await invokeFunction<{ url?: unknown }>('create-checkout', { tier, billing });
    if (typeof res.url === 'string' && res.url !== '') return { kind: 'opened', where: open(res.url) };
    return { kind: 'error', message: CHECKOUT_FAILED };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { kind: 'signed-out' };
    if (err instanceof ApiError && err.status === 409) {
      // An active subscription already exists: changes go through Manage Subscription (the server
      // says so), and nobody is billed twice.
      return { kind: 'error', message: { title: ALREADY_SUBSCRIBED.title, description: err.message } };
    }
    return { kind: 'error', message: CHECKOUT_FAILED };
  }
}

function showToast(m: FlowMessage): void {
  toast({ title: m.title, description: m.description, variant: m.destructive ? 'destructive' : 'default' });
}

export type PlanAction = { kind: 'trial' } | { kind: 'checkout'; tier: PaidTierId; billing: BillingInterval };

export interface PlanFlow {
  /** What is running now (buttons show "Processing..." and all plan buttons wait), or null. */
  pending: PlanAction | null;
  startTrial: () => Promise<void>;
  startCheckout: (tier: PaidTierId, billing: BillingInterval) => Promise<void>;
}

/**
 * The plan actions for a page: signed-out visitors go to /auth with the spec's redirect; signed-in
 * users get the trial or checkout, with the §8 toasts and the 1.5 s trip to /app after a trial.
 */
export function usePlanFlow(): PlanFlow {
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const [pending, setPending] = useState<PlanAction | null>(null);
  const busy = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const goToAppSoon = useCallback(() => {
    window.clearTimeout(redirectTimer.current);
    redirectTimer.current = window.setTimeout(() => navigate('/app'), TRIAL_REDIRECT_MS);
  }, [navigate]);

  const startTrial = useCallback(async () => {
    if (busy.current) return;
    if (status === 'signed-out') {
      navigate(TRIAL_AUTH_PATH);
      return;
    }
    busy.current = true;
    setPending({ kind: 'trial' });
    try {
      const result = await requestTrial();
      switch (result.kind) {
        case 'signed-out':
          navigate(TRIAL_AUTH_PATH);
          return;
        case 'started':
        case 'already-subscribed':
          showToast(result.message);
          void checkSubscription();
          goToAppSoon();
          return;
        case 'already-used':
        case 'error':
          showToast(result.message);
          return;
      }
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, [status, navigate, goToAppSoon]);

  const startCheckout = useCallback(
    async (tier: PaidTierId, billing: BillingInterval) => {
      if (busy.current) return;
      if (status === 'signed-out') {
        navigate(checkoutAuthPath(tier, billing));
        return;
      }
      busy.current = true;
      setPending({ kind: 'checkout', tier, billing });
      try {
        const result = await requestCheckout(tier, billing);
        if (result.kind === 'signed-out') navigate(checkoutAuthPath(tier, billing));
        else if (result.kind === 'error') showToast(result.message);
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [status, navigate],
  );

  return { pending, startTrial, startCheckout };
}
