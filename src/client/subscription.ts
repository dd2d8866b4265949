import { create } from 'zustand';

export type BillingInterval = 'monthly' | 'annual';

/** Subscription status held on the client (product spec, section 3). */
export interface SubscriptionStatus {
  subscribed: boolean;
  productId: string | null;
  subscriptionEnd: string | null;
  tier: string | null;
  loading: boolean;
  isAdmin: boolean;
  isFreeUser: boolean;
  isUsingTeamSubscription: boolean;
  teamOwnerId: string | null;
  isOnTrial: boolean;
  trialEndsAt: string | null;
  trialDaysRemaining: number | null;
  totalUsers: number;
  totalProjects: number;
  baseUsers: number;
  baseProjects: number;
  addons: unknown[];
  billingInterval: BillingInterval | null;
}

/** Unsubscribed defaults: 1 user, 3 projects (product spec, section 9). */
export const UNSUBSCRIBED: SubscriptionStatus = {
  subscribed: false,
  productId: null,
  subscriptionEnd: null,
  tier: null,
  loading: false,
  isAdmin: false,
  isFreeUser: false,
  isUsingTeamSubscription: false,
  teamOwnerId: null,
  isOnTrial: false,
  trialEndsAt: null,
  trialDaysRemaining: null,
  totalUsers: 1,
  totalProjects: 3,
  baseUsers: 1,
  baseProjects: 3,
  addons: [],
  billingInterval: null,
};

export interface SubscriptionState extends SubscriptionStatus {
  /** Replace the status (the subscription work resolves it from the server). */
  setStatus: (status: Partial<SubscriptionStatus>) => void;
  setLoading: (loading: boolean) => void;
  reset: () => void;
}

/** Subscription status store. Not loading by default; resolution is added by later work. */
export const useSubscription = create<SubscriptionState>()((set) => ({
  ...UNSUBSCRIBED,
  setStatus: (status) => set(status),
  setLoading: (loading) => set({ loading }),
  reset: () => set({ ...UNSUBSCRIBED }),
}));
