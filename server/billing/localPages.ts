/**
 * The local billing provider's pages under `/billing` (server-rendered HTML):
 *
 * - `GET /billing/checkout?token=…` and `POST /billing/checkout` (pay, test mode) → 303 `/success?local=1`;
 * - `GET /billing/portal?token=…` and `POST /billing/portal/{plan,addons,addons/remove,cancel,resume}`
 *   → 303 back to the portal with a confirmation;
 * - `GET /billing/billing.css`.
 *
 * They run under the app's strict CSP: no scripts at all, no inline styles or style attributes, only
 * the stylesheet above, and plain forms posting (urlencoded) to our own origin. The signed token in
 * a hidden field is the CSRF protection. Every piece of text is HTML-escaped.
 */
import express, { type Request, type Response, type Router } from 'express';
import {
  ADDONS,
  BILLING_INTERVALS,
  PAID_TIER_IDS,
  PLAN_TIERS,
  addOnById,
  isAddOnId,
  tierPrice,
  type AddOnId,
  type AnyTierId,
  type BillingInterval,
  type PaidTierId,
} from '../../src/core/plans';
import type { RouterDeps } from '../routerDeps';
import { applyPortalAction, completeLocalCheckout, settleLocalSubscription, type PortalAction, type PortalOutcome } from './localProvider';
import { CHECKOUT_UNAVAILABLE, billingProviderOf } from './provider';
import { stateOfProfile, type AddonLine, type BillingProfileDoc } from './subscriptionState';
import { BillingTokenError, verifyBillingToken, type CheckoutClaims } from './tokens';

export function escapeHtml(v: unknown): string {
  return String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const BILLING_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1b2233;line-height:1.5}
main{max-width:40rem;margin:2.5rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
.brand{font-weight:700;margin:0;color:#3451b2}
.badge{display:inline-block;margin-left:.5rem;padding:.05rem .5rem;border-radius:1rem;background:#fff4d6;color:#7a5800;font-size:.75rem;font-weight:600}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
th,td{text-align:left;padding:.4rem .25rem;border-bottom:1px solid #e4e7ef}
td.num,th.num{text-align:right}
tr.total td{font-weight:700;border-bottom:none}
form{margin:.5rem 0}
form.inline{display:inline}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
button{font:inherit;padding:.55rem 1rem;border-radius:.5rem;border:1px solid #3451b2;background:#3451b2;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#3451b2}
button.danger{background:#fff;color:#b42318;border-color:#b42318}
select{font:inherit;padding:.45rem;border-radius:.5rem;border:1px solid #c5cad6}
a{color:#3451b2}
.actions{display:flex;gap:1rem;align-items:center;margin-top:1.5rem;flex-wrap:wrap}
.notice{padding:.75rem 1rem;border-radius:.5rem;background:#e8f5ec;color:#14532d}
.warning{padding:.75rem 1rem;border-radius:.5rem;background:#fff4d6;color:#7a5800}
.error{padding:.75rem 1rem;border-radius:.5rem;background:#fdecea;color:#8a1c14}
.muted{color:#5b6478;font-size:.9rem}
`;

const money = (n: number): string => `£${Number.isInteger(n) ? n : n.toFixed(2)}`;
const per = (i: BillingInterval): string => (i === 'annual' ? 'year' : 'month');
const intervalName = (i: BillingInterval | null): string => (i === 'annual' ? 'Annual' : i === 'monthly' ? 'Monthly' : 'Unknown');
const tierName = (t: AnyTierId | null): string => (t === 'enterprise' ? 'Enterprise' : t ? PLAN_TIERS[t].name : 'None');
const addonPrice = (id: AddOnId, i: BillingInterval): number => {
  const a = addOnById(id)!;
  return i === 'annual' ? a.annualPrice : a.monthlyPrice;
};
function dateText(iso: string | null): string {
  if (!iso) return 'not set';
  const d = new Date(iso);
  return Number.isFinite(d.getTime())
    ? d.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })
    : 'not set';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Earnest</title>
<link rel="stylesheet" href="/billing/billing.css">
</head>
<body>
<main>
<p class="brand">Earnest <span class="badge">Test mode</span></p>
${body}
</main>
</body>
</html>
`;
}

function sendHtml(res: Response, status: number, html: string): void {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  // The URL carries a token: never leak it to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.type('html').send(html);
}

function send(res: Response, status: number, title: string, body: string): void {
  sendHtml(res, status, page(title, body));
}

function errorPage(res: Response, status: number, message: string): void {
  send(
    res,
    status,
    'Billing',
    `<h1>Something is not right</h1>
<p class="error">${escapeHtml(message)}</p>
<div class="actions"><a href="/app/account">Back to Earnest</a></div>`,
  );
}

const hidden = (name: string, value: unknown) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

function linesTable(tier: AnyTierId, interval: BillingInterval, addons: readonly AddonLine[]): { html: string; total: number } {
  const planPrice = tier === 'enterprise' ? 0 : tierPrice(tier, interval);
  let total = planPrice;
  const rows = [
    `<tr><td>${escapeHtml(tierName(tier))} plan (${escapeHtml(intervalName(interval).toLowerCase())})</td><td class="num">${escapeHtml(money(planPrice))} / ${per(interval)}</td></tr>`,
  ];
  for (const l of addons) {
    const a = addOnById(l.id);
    if (!a) continue;
    const price = addonPrice(a.id, interval) * l.quantity;
    total += price;
    rows.push(
      `<tr><td>Add-on: ${escapeHtml(a.name)} × ${escapeHtml(l.quantity)}</td><td class="num">${escapeHtml(money(price))} / ${per(interval)}</td></tr>`,
    );
  }
  rows.push(`<tr class="total"><td>Total</td><td class="num">${escapeHtml(money(total))} / ${per(interval)}</td></tr>`);
  return { html: `<table><thead><tr><th>Item</th><th class="num">Price (GBP)</th></tr></thead><tbody>${rows.join('')}</tbody></table>`, total };
}

export function renderCheckout(claims: CheckoutClaims, token: string): string {
  const { html, total } = linesTable(claims.tier, claims.billing, claims.addons);
  const addonsText = claims.addons.length
    ? claims.addons.map((l) => `${addOnById(l.id)?.name ?? l.id} × ${l.quantity}`).join(', ')
    : 'none';
  const t = PLAN_TIERS[claims.tier];
  return page(
    'Checkout',
    `<h1>Subscribe to ${escapeHtml(t.name)}</h1>
<p>Plan: <strong>${escapeHtml(t.name)}</strong> · Billing: <strong>${escapeHtml(intervalName(claims.billing))}</strong> · Add-ons: <strong>${escapeHtml(addonsText)}</strong></p>
${html}
<p class="muted">Test mode: no card is needed and nothing is charged. The subscription renews every ${per(claims.billing)} until you cancel it.</p>
<form method="post" action="/billing/checkout">
${hidden('token', token)}
<div class="actions"><button type="submit">Pay ${escapeHtml(money(total))} (test mode, no card needed)</button><a href="/cancel">Cancel</a></div>
</form>`,
  );
}

const NOTICES: Record<string, string> = {
  'plan-changed': 'Your plan was changed.',
  'addon-added': 'The add-on was added to your subscription.',
  'addon-removed': 'The add-on was removed from your subscription.',
  cancelled: 'Your subscription is cancelled: it stays active until the end of the current period.',
  resumed: 'Your subscription was resumed: it will renew as usual.',
  unchanged: 'Nothing needed changing.',
  conflict: 'This page was out of date, so nothing was changed. Check the current state below and try again.',
  'cancel-pending': 'Your subscription is set to end: resume it before changing the plan or buying add-ons.',
};

export function renderPortal(doc: BillingProfileDoc, token: string, done: string | null): string {
  const state = stateOfProfile(doc)!;
  const version = doc.billing!.version;
  const interval = state.interval ?? 'monthly';
  const notice = done && NOTICES[done] ? `<p class="${done === 'conflict' || done === 'cancel-pending' ? 'warning' : 'notice'}">${escapeHtml(NOTICES[done])}</p>` : '';
  const back = `<div class="actions"><a href="/app/account">Back to Earnest</a></div>`;
  const header = `<h1>Manage your subscription</h1>${notice}`;

  if (state.status !== 'active') {
    return page(
      'Subscription',
      `${header}
<p>Your ${escapeHtml(tierName(state.tier))} subscription ended on <strong>${escapeHtml(dateText(state.currentPeriodEnd))}</strong> (status: ${escapeHtml(state.status)}).</p>
<p><a href="/pricing">Choose a plan</a> to subscribe again.</p>
${back}`,
    );
  }

  const { html } = linesTable(state.tier, interval, state.addons);
  const form = (action: string, fields: string, button: string, cls = 'secondary') =>
    `<form method="post" action="${escapeHtml(action)}" class="inline">${hidden('token', token)}${hidden('version', version)}${fields}<button type="submit" class="${cls}">${escapeHtml(button)}</button></form>`;

  const endLine = state.cancelAtPeriodEnd
    ? `<p class="warning">Cancelled: your subscription stays active until <strong>${escapeHtml(dateText(state.currentPeriodEnd))}</strong> and then ends.</p>`
    : `<p>Renews on <strong>${escapeHtml(dateText(state.currentPeriodEnd))}</strong>.</p>`;

  const addonRows = state.addons.length
    ? `<ul>${state.addons
        .map((l) => {
          const a = addOnById(l.id)!;
          return `<li>${escapeHtml(a.name)} × ${escapeHtml(l.quantity)} ${form('/billing/portal/addons/remove', hidden('addon', a.id), `Remove one ${a.name}`, 'danger')}</li>`;
        })
        .join('')}</ul>`
    : '<p class="muted">No add-ons.</p>';

  let changes: string;
  if (state.cancelAtPeriodEnd) {
    changes = `<h2>Resume</h2><p>Changed your mind? Keep your subscription renewing.</p>${form('/billing/portal/resume', '', 'Resume subscription', '')}`;
  } else {
    const planForms: string[] = [];
    for (const t of PAID_TIER_IDS) {
      for (const i of BILLING_INTERVALS) {
        if (t === state.tier && i === state.interval) continue;
        planForms.push(
          form('/billing/portal/plan', hidden('plan', `${t}:${i}`), `Switch to ${PLAN_TIERS[t].name} (${intervalName(i).toLowerCase()}), ${money(tierPrice(t, i))} / ${per(i)}`),
        );
      }
    }
    const options = ADDONS.map(
      (a) => `<option value="${escapeHtml(a.id)}">${escapeHtml(`${a.name}: ${money(addonPrice(a.id, interval))} / ${per(interval)}`)}</option>`,
    ).join('');
    changes = `<h2>Change plan</h2>
<p class="muted">Changing the billing interval starts a new period today; changing the plan keeps the current period.</p>
<div class="row">${planForms.join('')}</div>
<h2>Buy an add-on</h2>
<form method="post" action="/billing/portal/addons" class="row">${hidden('token', token)}${hidden('version', version)}<label for="addon">Add-on</label><select id="addon" name="addon">${options}</select><button type="submit">Buy add-on</button></form>
<h2>Cancel subscription</h2>
<p>Cancelling stops renewal: you keep your plan until <strong>${escapeHtml(dateText(state.currentPeriodEnd))}</strong>, then it ends.</p>
${form('/billing/portal/cancel', '', 'Cancel subscription', 'danger')}`;
  }

  return page(
    'Subscription',
    `${header}
<p>Plan: <strong>${escapeHtml(tierName(state.tier))}</strong> · Billing: <strong>${escapeHtml(intervalName(state.interval))}</strong></p>
${endLine}
${html}
<h2>Add-ons</h2>
${addonRows}
${changes}
${back}`,
  );
}

function tokenError(res: Response, err: unknown): void {
  if (err instanceof BillingTokenError) return errorPage(res, 400, err.message);
  throw err;
}

const bodyField = (req: Request, name: string): unknown => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined);

export function createBillingPagesRouter(deps: RouterDeps): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });

  router.get('/billing.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(BILLING_CSS);
  });

  // Only the local provider serves these pages: a checkout or portal token signed while the server
  // ran with local billing must not buy a free plan once it bills through Stripe or not at all.
  const provider = billingProviderOf(deps.config);
  if (provider !== 'local') {
    const message =
      provider === 'none'
        ? CHECKOUT_UNAVAILABLE
        : 'This server bills through Stripe, not the local test-mode checkout: start again from the Pricing page.';
    router.use((_req, res) => errorPage(res, provider === 'none' ? 503 : 404, message));
    return router;
  }

  router.get('/checkout', async (req, res) => {
    let claims: CheckoutClaims;
    try {
      claims = (await verifyBillingToken(deps.secret, req.query.token, 'checkout', deps.now())) as CheckoutClaims;
    } catch (err) {
      return tokenError(res, err);
    }
    sendHtml(res, 200, renderCheckout(claims, String(req.query.token)));
  });

  router.post('/checkout', form, async (req, res) => {
    let claims: CheckoutClaims;
    try {
      claims = (await verifyBillingToken(deps.secret, bodyField(req, 'token'), 'checkout', deps.now())) as CheckoutClaims;
    } catch (err) {
      return tokenError(res, err);
    }
    const outcome = await completeLocalCheckout(deps, claims);
    if (outcome === 'already-subscribed') {
      return errorPage(res, 409, 'You already have an active subscription: change your plan or add-ons from Manage Subscription in your account.');
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, '/success?local=1');
  });

  router.get('/portal', async (req, res) => {
    let userId: string;
    try {
      userId = (await verifyBillingToken(deps.secret, req.query.token, 'portal', deps.now())).userId;
    } catch (err) {
      return tokenError(res, err);
    }
    const doc = await settleLocalSubscription(deps, userId);
    if (!stateOfProfile(doc) || doc!.billing!.provider !== 'local') {
      return errorPage(res, 404, 'There is no subscription to manage on this account: choose a plan first.');
    }
    const done = typeof req.query.done === 'string' ? req.query.done : null;
    sendHtml(res, 200, renderPortal(doc!, String(req.query.token), done));
  });

  const portalPost = (path: string, toAction: (req: Request) => PortalAction | string) =>
    router.post(path, form, async (req, res) => {
      const token = bodyField(req, 'token');
      let userId: string;
      try {
        userId = (await verifyBillingToken(deps.secret, token, 'portal', deps.now())).userId;
      } catch (err) {
        return tokenError(res, err);
      }
      const versionText = bodyField(req, 'version');
      const version = typeof versionText === 'string' && /^\d{1,12}$/.test(versionText) ? Number(versionText) : null;
      if (version === null) return errorPage(res, 400, 'The form is incomplete (no version): reload the page and try again.');
      const action = toAction(req);
      if (typeof action === 'string') return errorPage(res, 400, action);
      const outcome: PortalOutcome = await applyPortalAction(deps, userId, version, action);
      if (outcome === 'no-subscription') return errorPage(res, 404, 'There is no subscription to manage on this account: choose a plan first.');
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, `/billing/portal?token=${encodeURIComponent(String(token))}&done=${encodeURIComponent(outcome)}`);
    });

  portalPost('/portal/plan', (req) => {
    const plan = bodyField(req, 'plan');
    const [tier, billing] = typeof plan === 'string' ? plan.split(':') : [];
    if (!(PAID_TIER_IDS as readonly string[]).includes(tier) || !(BILLING_INTERVALS as readonly string[]).includes(billing)) {
      return `plan must be one of: ${PAID_TIER_IDS.flatMap((t) => BILLING_INTERVALS.map((i) => `${t}:${i}`)).join(', ')}.`;
    }
    return { kind: 'plan', tier: tier as PaidTierId, billing: billing as BillingInterval };
  });
  const addonField = (req: Request): AddOnId | string => {
    const a = bodyField(req, 'addon');
    return isAddOnId(a) ? a : `addon must be one of: ${ADDONS.map((x) => x.id).join(', ')}.`;
  };
  portalPost('/portal/addons', (req) => {
    const a = addonField(req);
    return isAddOnId(a) ? { kind: 'addon-add', addon: a } : a;
  });
  portalPost('/portal/addons/remove', (req) => {
    const a = addonField(req);
    return isAddOnId(a) ? { kind: 'addon-remove', addon: a } : a;
  });
  portalPost('/portal/cancel', () => ({ kind: 'cancel' }));
  portalPost('/portal/resume', () => ({ kind: 'resume' }));

  return router;
}
