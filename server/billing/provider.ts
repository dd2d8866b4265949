/**
 * Which billing provider this server offers, decided once from the configuration:
 *
 * - `stripe` when STRIPE_SECRET_KEY is set;
 * - `local` (the built-in, no-card, test-mode checkout) when LOCAL_BILLING=1, or by default when the
 *   server is not in production and listens on loopback only (so `npm start` on a laptop keeps the
 *   checkout the README promises, while nobody on a network gets paid plans for free);
 * - `none` otherwise (also with LOCAL_BILLING=0): checkout, the customer portal and the /billing/
 *   pages answer 503 with {@link CHECKOUT_UNAVAILABLE}, and the server warns at start-up. Trials work.
 */
import type { Config } from '../config';
import { isLoopbackAddress } from '../config';

export type BillingProvider = 'stripe' | 'local' | 'none';

export const CHECKOUT_UNAVAILABLE =
  'Checkout is not available on this server: no payment provider is configured. The operator must set STRIPE_SECRET_KEY, or LOCAL_BILLING=1 for a demo without payments.';

export function billingProviderOf(config: Pick<Config, 'stripe' | 'localBilling' | 'nodeEnv' | 'host'>): BillingProvider {
  if (config.stripe) return 'stripe';
  if (config.localBilling !== undefined) return config.localBilling ? 'local' : 'none';
  return config.nodeEnv !== 'production' && isLoopbackAddress(config.host) ? 'local' : 'none';
}

/** The start-up warning when no provider is offered, or null. */
export function billingStartupWarning(config: Pick<Config, 'stripe' | 'localBilling' | 'nodeEnv' | 'host'>): string | null {
  if (billingProviderOf(config) !== 'none') return null;
  const why =
    config.localBilling === false
      ? 'LOCAL_BILLING=0 and STRIPE_SECRET_KEY is not set'
      : `STRIPE_SECRET_KEY is not set and the local test-mode checkout is off ${config.nodeEnv === 'production' ? 'in production' : `on HOST=${config.host} (not loopback)`}`;
  return `Billing: ${why}, so checkout and the customer portal answer 503 (trials still work). Set STRIPE_SECRET_KEY, or LOCAL_BILLING=1 for a demo without payments.`;
}
