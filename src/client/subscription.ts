import { create } from 'zustand';
import { unsubscribedStatus, type SubscriptionStatus } from '../core/plans';

export type { SubscriptionStatus };

export interface SubscriptionState extends SubscriptionStatus {
  /** Replace the status (the subscription work resolves it from the server). */
  setStatus: (status: Partial<SubscriptionStatus>) => void;
  setLoading: (loading: boolean) => void;
  reset: () => void;
}

/** Subscription status store. Not loading by default; resolution is added by later work. */
export const useSubscription = create<SubscriptionState>()((set) => ({
  ...unsubscribedStatus(),
  setStatus: (status) => set(status),
  setLoading: (loading) => set({ loading }),
  reset: () => set(unsubscribedStatus()),
}));
