/**
 * Billing: Stripe (when STRIPE_SECRET_KEY is set) or the local test-mode provider, both writing
 * subscriptions through subscriptionState.ts. server/app.ts mounts the three routers.
 */
export { createBillingFunctionsRouter } from './functions';
export { createBillingWebhookRouter } from './webhook';
export { createBillingPagesRouter } from './localPages';
export { applySubscription, applySubscriptionStatus, stateOfProfile } from './subscriptionState';
export type { SubscriptionState, BillingProfileDoc, ApplyResult, AddonLine } from './subscriptionState';
export { settleLocalSubscription } from './localProvider';
export { createLocalRenewalMiddleware } from './localRenewal';
export { billingProviderOf, billingStartupWarning, CHECKOUT_UNAVAILABLE, type BillingProvider } from './provider';
