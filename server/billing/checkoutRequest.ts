/**
 * The create-checkout body (§7: "tier (starter or professional), billing (monthly or annual)",
 * plus optional add-ons), validated with zod. Every refusal names the field (`addons[1].id`), what
 * it accepts and what was sent, so the caller can fix the request without reading this file.
 */
import { z } from 'zod';
import { ADDON_IDS, BILLING_INTERVALS, PAID_TIER_IDS, type BillingInterval, type PaidTierId } from '../../src/core/plans';
import { HttpError } from '../http/errors';
import { normaliseAddonLines, type AddonLine } from './subscriptionState';

export const MAX_ADDON_QUANTITY = 20;

export interface CheckoutRequest {
  tier: PaidTierId;
  billing: BillingInterval;
  addons: AddonLine[];
}

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v)?.slice(0, 60) ?? String(v));
const oneOf = (list: readonly string[]) => list.join(', ');
/** "addons[1].id" from zod's path ['addons', 1, 'id']. */
const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');

const AddonLineInput = z.object(
  {
    id: z.enum(ADDON_IDS, { error: (iss) => `must be one of: ${oneOf(ADDON_IDS)} (got ${show(iss.input)}).` }),
    quantity: z
      .number({ error: (iss) => `must be a whole number from 1 to ${MAX_ADDON_QUANTITY} (got ${show(iss.input)}).` })
      .default(1)
      .refine((q) => Number.isInteger(q) && q >= 1 && q <= MAX_ADDON_QUANTITY, {
        error: (iss) => `must be a whole number from 1 to ${MAX_ADDON_QUANTITY} (got ${show(iss.input)}).`,
      }),
  },
  { error: (iss) => `must be an object { id, quantity } (got ${show(iss.input)}).` },
);

const CheckoutBody = z.object(
  {
    tier: z.enum(PAID_TIER_IDS, { error: (iss) => `must be one of: ${oneOf(PAID_TIER_IDS)} (got ${show(iss.input)}).` }),
    billing: z.enum(BILLING_INTERVALS, { error: (iss) => `must be one of: ${oneOf(BILLING_INTERVALS)} (got ${show(iss.input)}).` }),
    addons: z
      .array(AddonLineInput, { error: (iss) => `must be a list of { id, quantity } (got ${show(iss.input)}).` })
      .max(ADDON_IDS.length, `may list at most ${ADDON_IDS.length} entries, one per add-on.`)
      .nullish()
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        for (const [i, line] of (lines ?? []).entries()) {
          if (seen.has(line.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${line.id}" is listed twice: give it once with a quantity.` });
          seen.add(line.id);
        }
      }),
  },
  { error: () => 'Send a JSON object like {"tier":"starter","billing":"monthly"} with Content-Type: application/json.' },
);

/** The validated create-checkout body; 400 naming the first bad field otherwise. */
export function parseCheckoutRequest(body: unknown): CheckoutRequest {
  // An array is an object to zod's eyes only when empty of keys; refuse it like any other non-object.
  const result = CheckoutBody.safeParse(Array.isArray(body) ? null : body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue ? fieldName(issue.path) : '';
    throw new HttpError(400, field ? `${field} ${issue!.message}` : (issue?.message ?? 'The request is not valid.'));
  }
  const { tier, billing, addons } = result.data;
  return { tier, billing, addons: normaliseAddonLines(addons ?? []) };
}
