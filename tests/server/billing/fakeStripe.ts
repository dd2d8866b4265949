/**
 * A tiny fake of the few Stripe API calls the server makes, on 127.0.0.1:<random port>, for the
 * real SDK to talk to (STRIPE_API_BASE). It records every request (method, path, the form-encoded
 * params as a flat map like `line_items[0][price]`, headers) so tests assert what the SDK sent.
 *
 * - POST /v1/customers (honours Idempotency-Key like Stripe: same key → same customer)
 * - POST /v1/checkout/sessions
 * - POST /v1/billing_portal/sessions
 * - GET  /v1/subscriptions/:id (from `subscriptions`, set by the test)
 * - DELETE /v1/subscriptions/:id (cancels it now: status canceled, ended_at and canceled_at now)
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  /** Subscriptions served by GET /v1/subscriptions/:id. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** The next `n` requests answer this status with a Stripe error body. */
  failNext(status: number, n?: number): void;
  close(): Promise<void>;
}

function stripeError(status: number, message: string) {
  return { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, unknown>();
  let failures: { status: number; left: number } | null = null;
  let seq = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (c: Uint8Array) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: url.pathname, params, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++seq}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer sk_test_x') return send(401, stripeError(401, 'Invalid API Key provided.'));
      if (failures && failures.left > 0) {
        failures.left--;
        // Stripe-Should-Retry: false keeps the SDK from retrying the injected failure.
        res.setHeader('Stripe-Should-Retry', 'false');
        return send(failures.status, stripeError(failures.status, 'Injected failure.'));
      }
      const key = req.headers['idempotency-key'];
      const remember = (body: unknown) => {
        if (typeof key === 'string') idempotent.set(`${url.pathname}:${key}`, body);
        send(200, body);
      };
      if (req.method === 'POST' && typeof key === 'string' && idempotent.has(`${url.pathname}:${key}`)) {
        return send(200, idempotent.get(`${url.pathname}:${key}`));
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return remember({ id: `cus_fake${++seq}`, object: 'customer', email: params.email ?? null, metadata: { user_id: params['metadata[user_id]'] } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++seq}`;
        return remember({ id, object: 'checkout.session', mode: params.mode, customer: params.customer, url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = `bps_${++seq}`;
        return remember({ id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, url: `https://billing.stripe.test/p/session/${id}` });
      }
      const m = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const sub = subscriptions.get(decodeURIComponent(m[1]));
        return sub ? send(200, sub) : send(404, stripeError(404, `No such subscription: '${m[1]}'`));
      }
      if (req.method === 'DELETE' && m) {
        const sub = subscriptions.get(decodeURIComponent(m[1]));
        if (!sub) return send(404, stripeError(404, `No such subscription: '${m[1]}'`));
        const at = Math.floor(Date.now() / 1000);
        const cancelled = { ...sub, status: 'canceled', ended_at: at, canceled_at: at, cancel_at_period_end: false };
        subscriptions.set(decodeURIComponent(m[1]), cancelled);
        return send(200, cancelled);
      }
      send(404, stripeError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    failNext(status, n = 1) {
      failures = { status, left: n };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Fixtures ----

export interface SubscriptionFixture {
  id: string;
  customer: string;
  userId?: string;
  status?: string;
  items: { price: string; quantity?: number; product?: string; interval?: 'month' | 'year' }[];
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
}

/** A subscription object in the shape of the current API (period on the items). */
export function subscriptionObject(f: SubscriptionFixture): Record<string, unknown> {
  return {
    id: f.id,
    object: 'subscription',
    customer: f.customer,
    status: f.status ?? 'active',
    metadata: f.userId ? { user_id: f.userId } : {},
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: f.endedAt ?? null,
    ended_at: f.endedAt ?? null,
    cancellation_details: { reason: f.cancelAtPeriodEnd || f.endedAt ? 'cancellation_requested' : null, feedback: null },
    items: {
      object: 'list',
      data: f.items.map((it, i) => ({
        id: `si_${f.id}_${i}`,
        object: 'subscription_item',
        quantity: it.quantity ?? 1,
        current_period_end: f.periodEnd,
        price: {
          id: it.price,
          object: 'price',
          product: it.product ?? `prod_for_${it.price}`,
          recurring: { interval: it.interval ?? 'month' },
        },
      })),
    },
  };
}

export function eventObject(id: string, type: string, object: Record<string, unknown>, created: number): Record<string, unknown> {
  return { id, object: 'event', api_version: '2025-01-01', created, type, livemode: false, data: { object } };
}

/** The payload and a Stripe-Signature header for it, signed with the SDK's own test helper. */
export function signed(event: Record<string, unknown>, secret: string, timestampSeconds: number): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
  return { payload, header };
}
