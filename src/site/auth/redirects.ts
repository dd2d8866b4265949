/**
 * Where a visitor goes after signing in (spec §4 Plan flow: "If signed out, they go to /auth with
 * redirect=trial, or with redirect=checkout plus tier and billing. Returning to /pricing while
 * signed in with tier and billing query parameters removes them from the address and starts
 * checkout automatically.")
 */
import type { BillingInterval } from '../../core/plans';

export type AfterAuth =
  | { kind: 'trial' }
  | { kind: 'checkout'; tier: 'starter' | 'professional'; billing: BillingInterval }
  | { kind: 'path'; path: string };

/** Reads `redirect` (trial | checkout with tier and billing) or a same-site `from` path. */
export function afterAuthFrom(params: URLSearchParams, from?: string | null): AfterAuth {
  const redirect = params.get('redirect');
  if (redirect === 'trial') return { kind: 'trial' };
  if (redirect === 'checkout') {
    const tier = params.get('tier');
    const billing = params.get('billing');
    if ((tier === 'starter' || tier === 'professional') && (billing === 'monthly' || billing === 'annual')) {
      return { kind: 'checkout', tier, billing };
    }
  }
  // Only paths on this site: never an absolute or protocol-relative address (open redirects).
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth')) return { kind: 'path', path: from };
  return { kind: 'path', path: '/app' };
}

/** The in-app address that carries the chosen flow on. */
export function afterAuthPath(next: AfterAuth): string {
  if (next.kind === 'trial') return '/pricing?trial=start';
  if (next.kind === 'checkout') return `/pricing?tier=${next.tier}&billing=${next.billing}`;
  return next.path;
}
