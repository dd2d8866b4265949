import type { PriceCatalogue } from '../../../src/core/plans';
import type { Store } from '../../../server/store';
import type { AnalyticsEventDoc } from '../../../server/subscription/service';
import { harness, type Harness } from '../subscription/helpers';

export const WEBHOOK_SECRET = 'whsec_test';
export const T0 = Date.parse('2026-03-01T12:00:00.000Z');

/** Like the subscription harness, but with Stripe configured against a fake API at `apiBase`. */
export function stripeHarness(
  prefix: string,
  apiBase: string,
  env: Record<string, string> = {},
  catalogue?: Readonly<PriceCatalogue>,
): Harness {
  return harness(
    prefix,
    {
      PUBLIC_URL: 'https://earnest.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
      ...env,
    },
    catalogue,
  );
}

/** The subscription-category analytics events stored, oldest first. */
export async function subscriptionEvents(store: Store, userId?: string): Promise<AnalyticsEventDoc[]> {
  const all = await store.db<AnalyticsEventDoc>('analytics').allDocs({ include_docs: true });
  return all.rows
    .map((r) => r.doc!)
    .filter((d) => d.type === 'analytics_event' && d.event_category === 'subscription' && (!userId || d.user_id === userId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export const eventTypes = (events: AnalyticsEventDoc[]): string[] => events.map((e) => e.event_type);
