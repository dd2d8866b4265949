/**
 * The one place a paid subscription is written, whichever provider (Stripe webhooks or the local
 * test-mode provider) reports it: the `profile:<userId>` document in `accounts` (what
 * get-subscription-details and team-owner lookups read) plus the server-side analytics events of
 * §7 ("upgrade_completed", "downgrade_completed", "addon_purchased", "subscription_cancelled",
 * "trial_converted"; category "subscription").
 *
 * Safety rules, all decided inside one atomic read-modify-write of the profile document:
 *
 * - **Ordering.** Every state carries a `marker` (Stripe: the event's `created` seconds; local: a
 *   millisecond clock). A state older than the last one applied for the same subscription is
 *   ignored, so an `updated` event delivered late cannot overwrite a newer one.
 * - **Finality.** Once a subscription id has ended (`canceled`), nothing more about it is applied.
 * - **No clobbering.** A non-active state of another subscription never replaces an active one.
 * - **Once per transition.** Analytics events are derived from the difference between the stored
 *   document the write was based on and the document written, so replays (same state) record
 *   nothing.
 */
import {
  PLAN_TIERS,
  UNSUBSCRIBED_LIMITS,
  addOnById,
  instantMs,
  isAddOnId,
  limitsWithAddons,
  priceIdForAddOn,
  type AddOnId,
  type AnyTierId,
  type BillingInterval,
  type PriceCatalogue,
} from '../../src/core/plans';
import { upsert, type Store } from '../store';
import { profileDocId } from '../store/ids';
import { getProfileDoc, type ProfileDoc } from '../subscription/profiles';
import { getTrialDoc, recordEvent } from '../subscription/service';

export type BillingProvider = 'stripe' | 'local';

/** Statuses during which the plan's limits apply (past_due: Stripe is still retrying payment). */
export const PAID_STATUSES: readonly string[] = ['active', 'past_due'];

/** One add-on line of a subscription: a catalogue add-on and how many of it. */
export interface AddonLine {
  id: AddOnId;
  quantity: number;
}

/** A subscription as a provider reports it. */
export interface SubscriptionState {
  tier: AnyTierId;
  interval: BillingInterval | null;
  addons: readonly AddonLine[];
  /** Provider status: active, past_due, canceled, trialing, incomplete, unpaid, paused, … */
  status: string;
  /** End of the current period (or when it ended), ISO text; null when unknown. */
  currentPeriodEnd: string | null;
  provider: BillingProvider;
  subscriptionId: string;
  productId: string | null;
  /** True when the subscription stops at `currentPeriodEnd` (cancellation requested). */
  cancelAtPeriodEnd?: boolean;
  /** Why it was (or will be) cancelled, for the analytics event. */
  cancelReason?: string | null;
  /**
   * Ordering marker: larger = newer. States with a smaller marker than the stored one for the same
   * subscription are ignored. Stripe: the event's `created`; default: `now` (milliseconds).
   */
  marker?: number;
}

/** Billing bookkeeping kept on the profile, next to the §3 columns. */
export interface ProfileBilling {
  provider: BillingProvider;
  subscription_id: string;
  marker: number;
  /** Bumped on every applied change: the local portal's forms carry it to refuse stale submissions. */
  version: number;
  cancel_at_period_end: boolean;
  cancel_reason: string | null;
  /** Subscriptions that have ended: final, nothing more is applied for them (most recent last). */
  ended_subscriptions: string[];
  /** When the user first had a paid subscription (for trial_converted). */
  first_paid_at: string | null;
}

export interface StoredAddon {
  id: AddOnId;
  kind: 'projects' | 'users';
  amount: number;
  quantity: number;
  priceId: string | null;
}

export interface BillingProfileDoc extends ProfileDoc {
  addons?: StoredAddon[];
  billing?: ProfileBilling;
}

export type ApplyOutcome = 'applied' | 'unchanged' | 'stale' | 'ended' | 'superseded' | 'conflict';

export interface ApplyResult {
  outcome: ApplyOutcome;
  /** The analytics event types recorded. */
  events: string[];
  profile: BillingProfileDoc | null;
}

const MAX_ENDED = 50;
const TIER_RANK: Record<AnyTierId, number> = { test: 0, starter: 1, professional: 2, enterprise: 3 };

/** Merges add-on lines by id, dropping unknown ids and non-positive quantities. Sorted by catalogue order. */
export function normaliseAddonLines(lines: readonly { id: string; quantity: number }[]): AddonLine[] {
  const byId = new Map<AddOnId, number>();
  for (const l of lines) {
    if (!isAddOnId(l.id) || !Number.isInteger(l.quantity) || l.quantity <= 0) continue;
    byId.set(l.id, (byId.get(l.id) ?? 0) + l.quantity);
  }
  return [...byId.entries()].map(([id, quantity]) => ({ id, quantity })).sort((a, b) => a.id.localeCompare(b.id));
}

/** The add-on lines stored on a profile (the shape `normaliseAddon` reads), as lines. */
export function addonLinesOf(doc: BillingProfileDoc | null): AddonLine[] {
  const raw = Array.isArray(doc?.addons) ? doc.addons : [];
  return normaliseAddonLines(
    raw.filter((a): a is StoredAddon => !!a && typeof a === 'object').map((a) => ({ id: a.id, quantity: a.quantity })),
  );
}

function storedAddons(lines: readonly AddonLine[], interval: BillingInterval | null, catalogue?: Readonly<PriceCatalogue>): StoredAddon[] {
  const out: StoredAddon[] = [];
  for (const l of normaliseAddonLines(lines)) {
    const a = addOnById(l.id)!;
    out.push({
      id: a.id,
      kind: a.kind,
      amount: a.amount,
      quantity: l.quantity,
      priceId: catalogue && interval ? priceIdForAddOn(catalogue, a.id, interval) : null,
    });
  }
  return out;
}

/** The paid tier a profile grants right now (null: none). */
export function paidTierOf(doc: BillingProfileDoc | null): AnyTierId | null {
  if (!doc?.billing || !doc.subscription_tier) return null;
  return doc.subscription_status && PAID_STATUSES.includes(doc.subscription_status) ? doc.subscription_tier : null;
}

function sameState(a: BillingProfileDoc, b: BillingProfileDoc): boolean {
  const pick = (d: BillingProfileDoc) =>
    JSON.stringify([
      d.subscription_tier,
      d.subscription_status,
      d.subscription_end,
      d.max_users,
      d.max_projects,
      d.billing_interval ?? null,
      d.product_id ?? null,
      d.addons ?? [],
      d.billing?.provider,
      d.billing?.subscription_id,
      d.billing?.cancel_at_period_end,
      d.billing?.ended_subscriptions ?? [],
    ]);
  return pick(a) === pick(b);
}

/** The profile document after applying `state` to `prev`, or a reason to leave it unchanged. */
function nextProfile(
  prev: BillingProfileDoc | null,
  userId: string,
  state: SubscriptionState,
  nowIso: string,
  catalogue?: Readonly<PriceCatalogue>,
): { doc: BillingProfileDoc; markerOnly: boolean } | Exclude<ApplyOutcome, 'applied'> {
  const pb = prev?.billing;
  const ended = pb?.ended_subscriptions ?? [];
  if (ended.includes(state.subscriptionId)) return 'ended';
  const sameSub = pb?.subscription_id === state.subscriptionId && pb.provider === state.provider;
  const marker = state.marker ?? 0;
  if (sameSub && marker < pb.marker) return 'stale';
  const isEnd = state.status === 'canceled' || state.status === 'incomplete_expired';

  // Another subscription than the one on the profile.
  if (pb && !sameSub && paidTierOf(prev) !== null && !PAID_STATUSES.includes(state.status)) {
    if (!isEnd) return 'superseded';
    // It ended: remember that (final), leave the current subscription alone.
    return {
      doc: { ...prev!, billing: { ...pb, ended_subscriptions: [...ended, state.subscriptionId].slice(-MAX_ENDED) } },
      markerOnly: false,
    };
  }

  const paid = PAID_STATUSES.includes(state.status);
  const addons = paid ? storedAddons(state.addons, state.interval, catalogue) : [];
  const limits = paid ? limitsWithAddons(state.tier, addons) : UNSUBSCRIBED_LIMITS;
  const billing: ProfileBilling = {
    provider: state.provider,
    subscription_id: state.subscriptionId,
    marker: sameSub ? Math.max(pb.marker, marker) : marker,
    version: (pb?.version ?? 0) + 1,
    cancel_at_period_end: !isEnd && !!state.cancelAtPeriodEnd,
    cancel_reason: state.cancelAtPeriodEnd || isEnd ? (state.cancelReason ?? pb?.cancel_reason ?? null) : null,
    ended_subscriptions: isEnd ? [...ended, state.subscriptionId].slice(-MAX_ENDED) : ended,
    first_paid_at: pb?.first_paid_at ?? (paid ? nowIso : null),
  };
  const next: BillingProfileDoc = {
    ...(prev ?? {}),
    type: 'profile',
    id: userId,
    subscription_tier: state.tier,
    subscription_status: state.status,
    subscription_end: state.currentPeriodEnd,
    max_users: limits.users,
    max_projects: limits.projects,
    billing_interval: state.interval,
    product_id: state.productId,
    addons,
    billing,
    updated_at: nowIso,
  };
  if (prev && sameState(prev, next)) {
    // Same state: only move the ordering marker forward (so an older, different state stays refused).
    if (sameSub && marker > pb.marker) return { doc: { ...prev, billing: { ...pb, marker } }, markerOnly: true };
    return 'unchanged';
  }
  return { doc: next, markerOnly: false };
}

interface PendingEvent {
  event_type: string;
  event_data: Record<string, unknown>;
}

/** The analytics events for the transition prev → next. */
function transitionEvents(prev: BillingProfileDoc | null, next: BillingProfileDoc, hadTrial: boolean): PendingEvent[] {
  const out: PendingEvent[] = [];
  const fromTier = paidTierOf(prev);
  const toTier = paidTierOf(next);
  const interval = next.billing_interval ?? null;
  if (toTier && (!fromTier || TIER_RANK[toTier] > TIER_RANK[fromTier])) {
    out.push({
      event_type: 'upgrade_completed',
      event_data: { from_tier: fromTier ?? 'none', to_tier: toTier, billing_interval: interval, provider: next.billing?.provider },
    });
  } else if (toTier && fromTier && TIER_RANK[toTier] < TIER_RANK[fromTier]) {
    out.push({
      event_type: 'downgrade_completed',
      event_data: { from_tier: fromTier, to_tier: toTier, billing_interval: interval, provider: next.billing?.provider },
    });
  }
  if (toTier && !prev?.billing?.first_paid_at && hadTrial) {
    out.push({ event_type: 'trial_converted', event_data: { tier: toTier, billing_interval: interval } });
  }
  if (toTier) {
    const before = new Map((fromTier ? addonLinesOf(prev) : []).map((l) => [l.id, l.quantity]));
    for (const l of addonLinesOf(next)) {
      const delta = l.quantity - (before.get(l.id) ?? 0);
      if (delta <= 0) continue;
      const a = addOnById(l.id)!;
      out.push({
        event_type: 'addon_purchased',
        event_data: { addon_type: a.kind, addon_id: a.id, amount: a.amount, quantity: delta, billing_interval: interval },
      });
    }
  }
  const wasScheduled = !!prev?.billing?.cancel_at_period_end;
  const sameSub = prev?.billing?.subscription_id === next.billing?.subscription_id;
  if (toTier && next.billing?.cancel_at_period_end && !(sameSub && wasScheduled)) {
    out.push({
      event_type: 'subscription_cancelled',
      event_data: {
        tier: toTier,
        reason: next.billing.cancel_reason ?? 'cancellation_requested',
        effective: 'period_end',
        ends_at: next.subscription_end,
      },
    });
  } else if (fromTier && !toTier && next.subscription_status === 'canceled' && !(sameSub && wasScheduled)) {
    out.push({
      event_type: 'subscription_cancelled',
      event_data: { tier: fromTier, reason: next.billing?.cancel_reason ?? 'canceled', effective: 'immediately' },
    });
  }
  return out;
}

/**
 * Applies a provider's subscription state to the user's profile (atomically, see the module
 * comment) and records the analytics events of the transition. `now` is milliseconds.
 */
export async function applySubscription(
  store: Store,
  userId: string,
  state: SubscriptionState,
  now: number,
  catalogue?: Readonly<PriceCatalogue>,
  options: { expectVersion?: number } = {},
): Promise<ApplyResult> {
  const nowIso = new Date(now).toISOString();
  state = { ...state, marker: state.marker ?? now };
  let base: BillingProfileDoc | null = null;
  let outcome: ApplyOutcome = 'applied';
  const res = await upsert(store.db<BillingProfileDoc>('accounts'), profileDocId(userId), (doc) => {
    const prev = doc && doc.type === 'profile' ? doc : null;
    base = prev;
    if (options.expectVersion !== undefined && (prev?.billing?.version ?? 0) !== options.expectVersion) {
      outcome = 'conflict';
      return null;
    }
    const next = nextProfile(prev, userId, state, nowIso, catalogue);
    if (typeof next === 'string') {
      outcome = next;
      return null;
    }
    outcome = next.markerOnly ? 'unchanged' : 'applied';
    return next.doc;
  });
  if (!res.updated || outcome !== 'applied') return { outcome, events: [], profile: res.doc };
  const written = res.doc as BillingProfileDoc;
  const prevBilling = (base as BillingProfileDoc | null)?.billing;
  // trial_converted only matters for a first paid subscription: read the trial only then.
  const hadTrial = !prevBilling?.first_paid_at && (await getTrialDoc(store, userId)) !== null;
  const events = transitionEvents(base, written, hadTrial);
  for (const e of events) {
    await recordEvent(store, {
      user_id: userId,
      event_type: e.event_type,
      event_category: 'subscription',
      event_data: e.event_data,
      page_url: null,
      created_at: nowIso,
    });
  }
  return { outcome: 'applied', events: events.map((e) => e.event_type), profile: written };
}

/**
 * Sets only the status of the user's current subscription (e.g. `past_due` on a failed invoice),
 * with the same ordering and finality rules. Ignored when the profile holds another subscription.
 */
export async function applySubscriptionStatus(
  store: Store,
  userId: string,
  subscriptionId: string,
  provider: BillingProvider,
  status: string,
  marker: number,
  now: number,
  catalogue?: Readonly<PriceCatalogue>,
): Promise<ApplyResult> {
  const doc = (await getProfileDoc(store, userId)) as BillingProfileDoc | null;
  const b = doc?.billing;
  if (!doc || !b || b.subscription_id !== subscriptionId || b.provider !== provider) {
    return { outcome: b?.ended_subscriptions.includes(subscriptionId) ? 'ended' : 'superseded', events: [], profile: doc };
  }
  return applySubscription(store, userId, { ...stateOfProfile(doc)!, status, marker }, now, catalogue);
}

/** The profile's current subscription as a state (null when it has none). */
export function stateOfProfile(doc: BillingProfileDoc | null): SubscriptionState | null {
  const b = doc?.billing;
  if (!doc || !b || !doc.subscription_tier || !doc.subscription_status) return null;
  return {
    tier: doc.subscription_tier,
    interval: doc.billing_interval ?? null,
    addons: addonLinesOf(doc),
    status: doc.subscription_status,
    currentPeriodEnd: doc.subscription_end,
    provider: b.provider,
    subscriptionId: b.subscription_id,
    productId: doc.product_id ?? null,
    cancelAtPeriodEnd: b.cancel_at_period_end,
    cancelReason: b.cancel_reason,
    marker: b.marker,
  };
}

/** The base limits of a tier, for display. */
export function tierBase(tier: AnyTierId): { users: number; projects: number } {
  return tier === 'enterprise' ? { users: 999, projects: 999 } : { users: PLAN_TIERS[tier].baseUsers, projects: PLAN_TIERS[tier].baseProjects };
}

/** True when the profile's period has ended (end date in the past). */
export function periodOver(doc: BillingProfileDoc | null, now: number): boolean {
  const end = instantMs(doc?.subscription_end ?? null);
  return end !== null && end <= now;
}
