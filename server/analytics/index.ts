/**
 * Product analytics (`/api/analytics`). Anyone may send (tracking works before sign-up); events are
 * attributed to the verified caller, never to a `user_id` in the body.
 *
 * - `POST /events` `{ event_type, event_category, event_data?, page_url?, id? }` → 201 `{ ok, id, duplicate: false }`,
 *   or 200 `{ ..., duplicate: true }` when `id` was already recorded.
 * - `POST /events/batch` `{ events: [...≤ 50] }` → 200 `{ results: [{ index, status, id?, duplicate?, error? }], ... }`
 *   (the offline outbox: each event succeeds or fails on its own).
 * - `POST /sessions` `{ id?, session_start?, page_url? }` → 201 `{ id }` (200 with `duplicate` on a repeat).
 * - `PATCH /sessions/:id` `{ session_end?, duration_seconds?, pages_visited? }` → 200 `{ id, session }`;
 *   404 unless the caller started that session.
 * - `POST /funnel` `{ funnel_step, metadata?, id? }` → like events.
 * - `GET /summary?from=&to=` (admin) → counts per event type, trial funnel, sessions per day.
 *
 * Bodies are limited to 16 KB here (413), well under the API's 1 MB.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { monotonicFactory } from 'ulid';
import type { z } from 'zod';
import { maybeAuthOf } from '../auth';
import type { RouterDeps } from '../routerDeps';
import { insertEvent, insertFunnel, startSession, updateSession } from './records';
import {
  BatchInput,
  CLIENT_ID,
  EventInput,
  FunnelInput,
  SERVER_ONLY_EVENTS,
  SessionStart,
  SessionUpdate,
  describe,
  serverOnlyMessage,
} from './schemas';
import { RangeError400, parseRange, summarize } from './summary';

export * from './schemas';
export * from './records';
export { summarize, parseRange, type Summary } from './summary';

export const MAX_BODY_BYTES = 16 * 1024;
export const BODY_TOO_LARGE = `The request body is too large: analytics requests may be at most 16 KB. Send fewer events per batch, or less event_data.`;
export const NOT_A_JSON_OBJECT = 'Send a JSON object with Content-Type: application/json.';
export const SESSION_NOT_FOUND = (id: string) =>
  `There is no session "${id}" of yours. Start one with POST /api/analytics/sessions (sessions can be updated only by whoever started them, signed in as the same user).`;
export const SESSION_ID_TAKEN = (id: string) => `The session id "${id}" is already in use. Send no id and let the server pick one.`;

/**
 * The API's JSON parser (1 MB) has already read the body; this refuses anything over 16 KB by its
 * declared length, or by its size when it was sent chunked.
 */
export const limitBody: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const declared = Number(req.headers['content-length']);
  const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(req.body ?? null), 'utf8');
  if (size > MAX_BODY_BYTES) {
    res.status(413).json({ error: BODY_TOO_LARGE });
    return;
  }
  next();
};

function bodyOf(req: Request, res: Response): Record<string, unknown> | null {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    res.status(400).json({ error: NOT_A_JSON_OBJECT });
    return null;
  }
  return body as Record<string, unknown>;
}

function parseOr400<T>(schema: z.ZodType<T>, body: unknown, res: Response): T | null {
  const result = schema.safeParse(body);
  if (!result.success) {
    res.status(400).json({ error: describe(result.error) });
    return null;
  }
  return result.data;
}

type EventResult = { status: 200 | 201; id: string; duplicate: boolean } | { status: 400; error: string };

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

  /** Validates and records one event (shared by the single and the batch route). */
  async function recordOne(raw: unknown, userId: string | null, prefix = ''): Promise<EventResult> {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { status: 400, error: `${prefix}each event must be a JSON object.` };
    }
    const parsed = EventInput.safeParse(raw);
    if (!parsed.success) return { status: 400, error: describe(parsed.error, prefix) };
    const input = parsed.data;
    if (SERVER_ONLY_EVENTS.has(input.event_type)) return { status: 400, error: prefix + serverOnlyMessage(input.event_type) };
    const now = deps.now();
    const { id, duplicate } = await insertEvent(store, input, userId, input.id ?? nextUlid(now), now);
    return { status: duplicate ? 200 : 201, id, duplicate };
  }

  router.post('/events', deps.optionalUser, async (req, res) => {
    const body = bodyOf(req, res);
    if (!body) return;
    const r = await recordOne(body, userOf(res));
    if (r.status === 400) {
      res.status(400).json({ error: r.error });
      return;
    }
    res.status(r.status).json({ ok: true, id: r.id, duplicate: r.duplicate });
  });

  router.post('/events/batch', deps.optionalUser, async (req, res) => {
    const body = bodyOf(req, res);
    if (!body) return;
    const batch = parseOr400(BatchInput, body, res);
    if (!batch) return;
    const userId = userOf(res);
    const results: ({ index: number } & EventResult)[] = [];
    // In order, one at a time: a batch is small, and repeated ids within it resolve predictably.
    for (const [index, raw] of batch.events.entries()) {
      results.push({ index, ...(await recordOne(raw, userId, `events.${index}: `)) });
    }
    res.json({
      results,
      accepted: results.filter((r) => r.status === 201).length,
      duplicates: results.filter((r) => r.status === 200).length,
      rejected: results.filter((r) => r.status === 400).length,
    });
  });

  router.post('/sessions', deps.optionalUser, async (req, res) => {
    const body = bodyOf(req, res);
    if (!body) return;
    const input = parseOr400(SessionStart, body, res);
    if (!input) return;
    const now = deps.now();
    const id = input.id ?? nextUlid(now);
    const r = await startSession(store, id, input, userOf(res), now);
    if (r.outcome === 'taken') {
      res.status(409).json({ error: SESSION_ID_TAKEN(id) });
      return;
    }
    res.status(r.outcome === 'created' ? 201 : 200).json({ id, duplicate: r.outcome === 'duplicate', session: r.session });
  });

  router.patch('/sessions/:id', deps.optionalUser, async (req, res) => {
    const id = String(req.params.id);
    const body = bodyOf(req, res);
    if (!body) return;
    if (!CLIENT_ID.test(id)) {
      res.status(404).json({ error: SESSION_NOT_FOUND(id) });
      return;
    }
    const changes = parseOr400(SessionUpdate, body, res);
    if (!changes) return;
    const r = await updateSession(store, id, changes, userOf(res), deps.now());
    switch (r.outcome) {
      case 'missing':
        res.status(404).json({ error: SESSION_NOT_FOUND(id) });
        return;
      case 'ends-before-start':
        res.status(400).json({ error: 'session_end must not be before the session started.' });
        return;
      default:
        res.json({ id, updated: r.outcome === 'updated', session: r.session });
    }
  });

  router.post('/funnel', deps.optionalUser, async (req, res) => {
    const body = bodyOf(req, res);
    if (!body) return;
    const input = parseOr400(FunnelInput, body, res);
    if (!input) return;
    const now = deps.now();
    const { id, duplicate } = await insertFunnel(store, input, userOf(res), input.id ?? nextUlid(now), now);
    res.status(duplicate ? 200 : 201).json({ ok: true, id, duplicate });
  });

  router.get('/summary', deps.requireUser, deps.requireAdmin, async (req, res) => {
    let range;
    try {
      range = parseRange(req.query.from, req.query.to, deps.now());
    } catch (err) {
      if (err instanceof RangeError400) {
        res.status(400).json({ error: err.message });
        return;
      }
      throw err;
    }
    res.json(await summarize(store, range));
  });

  return router;
}
