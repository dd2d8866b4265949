/**
 * Start-up of the signed-in side: subscription rechecks, then the stored session's confirmation,
 * then, in the app (/app, /pwa), the data worker and its sync, whichever page opened first.
 * Public pages do not load the worker (its storage code is large and they need none of it).
 */
import { restoreSession } from './auth';
import { ensureSync } from './data';
import { useSession } from './session';
import { startSubscriptionChecks } from './subscriptionCheck';

const IN_THE_APP = /^\/(app|pwa)(\/|$)/;

export function startAccount(): void {
  startSubscriptionChecks();
  void restoreSession().then(() => {
    if (useSession.getState().user && IN_THE_APP.test(location.pathname)) ensureSync();
  });
}
