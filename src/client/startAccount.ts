/** Start-up of the signed-in side: subscription rechecks, then the stored session's confirmation. */
import { restoreSession } from './auth';
import { startSubscriptionChecks } from './subscriptionCheck';

export function startAccount(): void {
  startSubscriptionChecks();
  void restoreSession();
}
