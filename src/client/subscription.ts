import { create } from 'zustand';
import { unsubscribedStatus, type SubscriptionStatus } from '../core/plans';

export type { SubscriptionStatus };

export interface SubscriptionState extends SubscriptionStatus {
  /**
   * The status came from the server in this page's life (or nobody is signed in). False until
   * then: offline after a reload the figures are the unsubscribed defaults, not the user's plan,
   * so a limit must not be enforced from them.
   */
  resolved: boolean;
  /** Replace the status (the subscription work resolves it from the server). */
  setStatus: (status: Partial<SubscriptionStatus>) => void;
  setLoading: (loading: boolean) => void;
  reset: () => void;
}

/** Subscription status store. Not loading by default; resolution is added by later work. */
export const useSubscription = create<SubscriptionState>()((set) => ({
  ...unsubscribedStatus(),
  resolved: false,
  setStatus: (status) => set({ ...status, resolved: true }),
  setLoading: (loading) => set({ loading }),
  reset: () => set({ ...unsubscribedStatus(), resolved: true }),
}));
