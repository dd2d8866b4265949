/**
 * "Manage subscription": the customer-portal function and the spec's §8 messages for it.
 */
import { ApiError, currentUser, invokeFunction } from '../../client/api';

export interface PortalOutcome {
  kind: 'opened' | 'message';
  title?: string;
  description?: string;
  destructive?: boolean;
}

export const PORTAL_NO_SESSION = { title: 'Authentication required', description: 'Please sign in to manage your subscription.' } as const;
export const PORTAL_FAILED = { title: 'Error', description: 'Failed to open subscription management. Please try again.' } as const;
export const PORTAL_TRIAL = { title: 'Upgrade Required', description: 'Please upgrade to a paid plan to access subscription management.' } as const;

/** Asks for a portal URL and opens it in a new tab (same tab when pop-ups are blocked). */
export async function openCustomerPortal(open: (url: string) => void = openInNewTab): Promise<PortalOutcome> {
  if (!currentUser()) return { kind: 'message', ...PORTAL_NO_SESSION, destructive: true };
  try {
    const res = await invokeFunction<{ url?: string; message?: string }>('customer-portal');
    if (typeof res.message === 'string' && res.message.includes('Trial users')) return { kind: 'message', ...PORTAL_TRIAL };
    if (typeof res.url === 'string' && res.url) {
      open(res.url);
      return { kind: 'opened' };
    }
    if (typeof res.message === 'string') return { kind: 'message', title: 'Subscription', description: res.message };
    return { kind: 'message', ...PORTAL_FAILED, destructive: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { kind: 'message', ...PORTAL_NO_SESSION, destructive: true };
    return { kind: 'message', ...PORTAL_FAILED, destructive: true };
  }
}

function openInNewTab(url: string): void {
  // Not window.open(url, '_blank', 'noopener'): that always returns null, hiding a blocked pop-up.
  const w = window.open(url, '_blank');
  if (w) w.opener = null;
  else window.location.assign(url);
}
