/**
 * Product analytics (`/api/analytics`). Anyone may send (tracking works before sign-up); records are
 * attributed to the verified caller, never to a `user_id` in the body.
 *
 * Every record may carry `occurred_at` (ISO, the client's clock when it happened): the offline
 * outbox sends records long after they happened. A plausible time (≤ 5 minutes ahead, ≤ 30 days
 * old) becomes the record's `created_at`; anything else is replaced by the receipt time, never
 * refused. `received_at` keeps the receipt time (time.ts).
 *
 * - `POST /events` `{ event_type, event_category, event_data?, page_url?, id?, occurred_at? }` → 201 `{ ok, id, duplicate: false }`,
 *   or 200 `{ ..., duplicate: true }` when `id` was already recorded.
 * - `POST /events/batch` `{ events: [...≤ 50] }` → 200 `{ results: [{ index, status, id?, duplicate?, error? }], ... }`
 *   (each event succeeds or fails on its own).
 * - `POST /batch` `{ items: [...≤ 50] }`, each `{ kind: "event" | "funnel" | "session_start" | "session_update", ... }`
 *   with the fields of the matching single route (a session_update names its `session_id`) → 200
 *   `{ results: [...] }` as above. Items are applied in order, so a session's start sent ahead of its
 *   updates in one batch exists when they arrive. This is what the client's outbox sends.
 * - `POST /sessions` `{ id?, session_start?, page_url?, occurred_at? }` → 201 `{ id }` (200 with `duplicate` on a repeat).
 * - `PATCH /sessions/:id` `{ session_end?, duration_seconds?, pages_visited? }` → 200 `{ id, session }`;
 *   404 unless the caller started that session.
 * - `POST /funnel` `{ funnel_step, metadata?, id?, occurred_at? }` → like events.
 * - `GET /summary?from=&to=` (admin) → counts per event type, trial funnel, sessions per day, by
 *   when things happened.
 *
 * Bodies are limited to 16 KB here (413), well under the API's 1 MB. The write endpoints are rate
 * limited per address by records (server/security/rateLimits.ts, mounted by server/app.ts): 429
 * with Retry-After. Refusals of a whole request are thrown as HttpError (server/http/errors.ts).
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { monotonicFactory } from 'ulid';
import type { z } from 'zod';
import { maybeAuthOf } from '../auth';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { insertEvent, insertFunnel, startSession, updateSession, type SessionDoc } from './records';
import {
  BATCH_KINDS,
  BatchInput,
  CLIENT_ID,
  EventInput,
  FunnelInput,
  MixedBatchInput,
  SERVER_ONLY_EVENTS,
  SessionIdField,
  SessionStart,
  SessionUpdate,
  describe,
  serverOnlyMessage,
} from './schemas';
import { parseRange, summarize } from './summary';

export * from './schemas';
export * from './records';
export { summarize, parseRange, type Summary } from './summary';
export * from './time';

export const MAX_BODY_BYTES = 16 * 1024;
export const BODY_TOO_LARGE = `The request body is too large: analytics requests may be at most 16 KB. Send fewer events per batch, or less event_data.`;
export const NOT_A_JSON_OBJECT = 'Send a JSON object with Content-Type: application/json.';
export const SESSION_NOT_FOUND = (id: string) =>
  `There is no session "${id}" of yours. Start one with POST /api/analytics/sessions (sessions can be updated only by whoever started them, signed in as the same user).`;
export const SESSION_ID_TAKEN = (id: string) => `The session id "${id}" is already in use. Send no id and let the server pick one.`;
export const UNKNOWN_KIND = (prefix: string) => `${prefix}kind must be one of ${BATCH_KINDS.map((k) => `"${k}"`).join(', ')}.`;

/**
 * The API's JSON parser (1 MB) has already read the body; this refuses anything over 16 KB by its
 * declared length, or by its size when it was sent chunked.
 */
export const limitBody: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const declared = Number(req.headers['content-length']);
  const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(req.body ?? null), 'utf8');
  next(size > MAX_BODY_BYTES ? new HttpError(413, BODY_TOO_LARGE) : undefined);
};

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, NOT_A_JSON_OBJECT);
  return body as Record<string, unknown>;
}

function parseOr400<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, describe(result.error));
  return result.data;
}

/** A single record's refusal as the whole request's answer. */
function refuse(r: { status: number; error: string }): never {
  throw new HttpError(r.status, r.error);
}

/** One record's outcome: 201 created, 200 a repeat (or an update), 4xx refused with a message. */
type ItemResult =
  | { status: 200 | 201; id: string; duplicate: boolean; session?: SessionDoc; updated?: boolean }
  | { status: 400 | 404 | 409; error: string };

const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

export function createAnalyticsRouter(deps: RouterDeps): Router {
  const { store } = deps;
  const router = express.Router();
  const nextUlid = monotonicFactory();
  const userOf = (res: Response): string | null => maybeAuthOf(res)?.sub ?? null;

  router.use(limitBody);
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // Each takes the raw record, the caller, the receipt time and a prefix for messages ("items.3: ").

  async function recordEvent(raw: unknown, userId: string | null, receivedAt: number, prefix = ''): Promise<ItemResult> {
    if (!isObject(raw)) return { status: 400, error: `${prefix}each event must be a JSON object.` };
    const parsed = EventInput.safeParse(raw);
    if (!parsed.success) return { status: 400, error: describe(parsed.error, prefix) };
    const input = parsed.data;
    if (SERVER_ONLY_EVENTS.has(input.event_type)) return { status: 400, error: prefix + serverOnlyMessage(input.event_type) };
    const { id, duplicate } = await insertEvent(store, input, userId, input.id ?? nextUlid(receivedAt), { claimed: input.occurred_at, receivedAt });
    return { status: duplicate ? 200 : 201, id, duplicate };
  }

  async function recordFunnel(raw: unknown, userId: string | null, receivedAt: number, prefix = ''): Promise<ItemResult> {
    const parsed = FunnelInput.safeParse(raw);
    if (!parsed.success) return { status: 400, error: describe(parsed.error, prefix) };
    const input = parsed.data;
    const { id, duplicate } = await insertFunnel(store, input, userId, input.id ?? nextUlid(receivedAt), { claimed: input.occurred_at, receivedAt });
    return { status: duplicate ? 200 : 201, id, duplicate };
  }

  async function recordSessionStart(raw: unknown, userId: string | null, receivedAt: number, prefix = ''): Promise<ItemResult> {
    const parsed = SessionStart.safeParse(raw);
    if (!parsed.success) return { status: 400, error: describe(parsed.error, prefix) };
    const input = parsed.data;
    const id = input.id ?? nextUlid(receivedAt);
    const r = await startSession(store, id, input, userId, receivedAt);
    if (r.outcome === 'taken') return { status: 409, error: prefix + SESSION_ID_TAKEN(id) };
    return { status: r.outcome === 'created' ? 201 : 200, id, duplicate: r.outcome === 'duplicate', session: r.session };
  }

  async function recordSessionUpdate(id: string, raw: unknown, userId: string | null, receivedAt: number, prefix = ''): Promise<ItemResult> {
    if (!CLIENT_ID.test(id)) return { status: 404, error: prefix + SESSION_NOT_FOUND(id) };
    const parsed = SessionUpdate.safeParse(raw);
    if (!parsed.success) return { status: 400, error: describe(parsed.error, prefix) };
    const r = await updateSession(store, id, parsed.data, userId, receivedAt);
    if (r.outcome === 'missing') return { status: 404, error: prefix + SESSION_NOT_FOUND(id) };
    return { status: 200, id, duplicate: false, updated: r.outcome === 'updated', session: r.session };
  }

  /** One item of the mixed batch, by its `kind`. */
  async function recordItem(raw: unknown, userId: string | null, receivedAt: number, prefix: string): Promise<ItemResult> {
    if (!isObject(raw)) return { status: 400, error: `${prefix}each item must be a JSON object.` };
    switch (raw.kind) {
      case 'event':
        return recordEvent(raw, userId, receivedAt, prefix);
      case 'funnel':
        return recordFunnel(raw, userId, receivedAt, prefix);
      case 'session_start':
        return recordSessionStart(raw, userId, receivedAt, prefix);
      case 'session_update': {
        const named = SessionIdField.safeParse(raw);
        if (!named.success) return { status: 400, error: describe(named.error, prefix) };
        return recordSessionUpdate(named.data.session_id, raw, userId, receivedAt, prefix);
      }
      default:
        return { status: 400, error: UNKNOWN_KIND(prefix) };
    }
  }

  /** The per-item answer of a batch (no session documents: the outbox needs the status only). */
  const batchEntry = (index: number, r: ItemResult) =>
    'error' in r ? { index, status: r.status, error: r.error } : { index, status: r.status, id: r.id, duplicate: r.duplicate };

  const batchAnswer = (results: ReturnType<typeof batchEntry>[]) => ({
    results,
    accepted: results.filter((r) => r.status === 201).length,
    duplicates: results.filter((r) => r.status === 200).length,
    rejected: results.filter((r) => r.status >= 400).length,
  });

  router.post('/events', deps.optionalUser, async (req, res) => {
    const r = await recordEvent(bodyOf(req), userOf(res), deps.now());
    if ('error' in r) refuse(r);
    res.status(r.status).json({ ok: true, id: r.id, duplicate: r.duplicate });
  });

  router.post('/events/batch', deps.optionalUser, async (req, res) => {
    const batch = parseOr400(BatchInput, bodyOf(req));
    const userId = userOf(res);
    const receivedAt = deps.now();
    const results = [];
    // In order, one at a time: a batch is small, and repeated ids within it resolve predictably.
    for (const [index, raw] of batch.events.entries()) {
      results.push(batchEntry(index, await recordEvent(raw, userId, receivedAt, `events.${index}: `)));
    }
    res.json(batchAnswer(results));
  });

  router.post('/batch', deps.optionalUser, async (req, res) => {
    const batch = parseOr400(MixedBatchInput, bodyOf(req));
    const userId = userOf(res);
    const receivedAt = deps.now();
    const results = [];
    // In order: a session's start comes before its updates.
    for (const [index, raw] of batch.items.entries()) {
      results.push(batchEntry(index, await recordItem(raw, userId, receivedAt, `items.${index}: `)));
    }
    res.json(batchAnswer(results));
  });

  router.post('/sessions', deps.optionalUser, async (req, res) => {
    const r = await recordSessionStart(bodyOf(req), userOf(res), deps.now());
    if ('error' in r) refuse(r);
    res.status(r.status).json({ id: r.id, duplicate: r.duplicate, session: r.session });
  });

  router.patch('/sessions/:id', deps.optionalUser, async (req, res) => {
    const r = await recordSessionUpdate(String(req.params.id), bodyOf(req), userOf(res), deps.now());
    if ('error' in r) refuse(r);
    res.json({ id: r.id, updated: r.updated, session: r.session });
  });

  router.post('/funnel', deps.optionalUser, async (req, res) => {
    const r = await recordFunnel(bodyOf(req), userOf(res), deps.now());
    if ('error' in r) refuse(r);
    res.status(r.status).json({ ok: true, id: r.id, duplicate: r.duplicate });
  });

  router.get('/summary', deps.requireUser, deps.requireAdmin, async (req, res) => {
    res.json(await summarize(store, parseRange(req.query.from, req.query.to, deps.now())));
  });

  return router;
}
