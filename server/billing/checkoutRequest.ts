/**
 * The create-checkout body (§7: "tier (starter or professional), billing (monthly or annual)",
 * plus optional add-ons): validated by hand so every refusal names the field and what it accepts.
 */
import { ADDON_IDS, BILLING_INTERVALS, PAID_TIER_IDS, type BillingInterval, type PaidTierId } from '../../src/core/plans';
import { normaliseAddonLines, type AddonLine } from './subscriptionState';

export const MAX_ADDON_QUANTITY = 20;

export interface CheckoutRequest {
  tier: PaidTierId;
  billing: BillingInterval;
  addons: AddonLine[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v)?.slice(0, 60) ?? String(v));
const oneOf = (list: readonly string[]) => list.join(', ');

export function parseTierField(v: unknown): Parsed<PaidTierId> {
  return typeof v === 'string' && (PAID_TIER_IDS as readonly string[]).includes(v)
    ? { ok: true, value: v as PaidTierId }
    : { ok: false, error: `tier must be one of: ${oneOf(PAID_TIER_IDS)} (got ${show(v)}).` };
}

export function parseBillingField(v: unknown): Parsed<BillingInterval> {
  return typeof v === 'string' && (BILLING_INTERVALS as readonly string[]).includes(v)
    ? { ok: true, value: v as BillingInterval }
    : { ok: false, error: `billing must be one of: ${oneOf(BILLING_INTERVALS)} (got ${show(v)}).` };
}

export function parseCheckoutRequest(body: unknown): Parsed<CheckoutRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      error: 'Send a JSON object like {"tier":"starter","billing":"monthly"} with Content-Type: application/json.',
    };
  }
  const b = body as Record<string, unknown>;
  const tier = parseTierField(b.tier);
  if (!tier.ok) return tier;
  const billing = parseBillingField(b.billing);
  if (!billing.ok) return billing;
  const addons: AddonLine[] = [];
  if (b.addons !== undefined && b.addons !== null) {
    if (!Array.isArray(b.addons)) return { ok: false, error: `addons must be a list of { id, quantity } (got ${show(b.addons)}).` };
    if (b.addons.length > ADDON_IDS.length) {
      return { ok: false, error: `addons may list at most ${ADDON_IDS.length} entries, one per add-on.` };
    }
    const seen = new Set<string>();
    for (const [i, raw] of (b.addons as unknown[]).entries()) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        return { ok: false, error: `addons[${i}] must be an object { id, quantity } (got ${show(raw)}).` };
      }
      const a = raw as Record<string, unknown>;
      if (typeof a.id !== 'string' || !(ADDON_IDS as readonly string[]).includes(a.id)) {
        return { ok: false, error: `addons[${i}].id must be one of: ${oneOf(ADDON_IDS)} (got ${show(a.id)}).` };
      }
      if (seen.has(a.id)) return { ok: false, error: `addons[${i}].id "${a.id}" is listed twice: give it once with a quantity.` };
      seen.add(a.id);
      const q = a.quantity === undefined ? 1 : a.quantity;
      if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > MAX_ADDON_QUANTITY) {
        return { ok: false, error: `addons[${i}].quantity must be a whole number from 1 to ${MAX_ADDON_QUANTITY} (got ${show(q)}).` };
      }
      addons.push({ id: a.id as AddonLine['id'], quantity: q });
    }
  }
  return { ok: true, value: { tier: tier.value, billing: billing.value, addons: normaliseAddonLines(addons) } };
}
