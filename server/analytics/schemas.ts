/**
 * What clients may send to `/api/analytics`. Everything is bounded (names, JSON sizes, URLs) because
 * these routes take anonymous traffic; `user_id` is never read from a body — the server attributes
 * events to the verified caller — so unknown fields are simply dropped.
 */
import { z } from 'zod';
import { parseInstant } from './time';

export const NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_JSON_BYTES = 4 * 1024;
export const MAX_URL_LENGTH = 2048;
export const MAX_BATCH = 50;
/** 31 days. */
export const MAX_SESSION_SECONDS = 31 * 24 * 60 * 60;

/**
 * Events the server records itself when the thing happens (subscription/service.ts, billing): a
 * client could otherwise inflate trials and conversions in the summary.
 */
export const SERVER_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'trial_started',
  'trial_converted',
  'upgrade_completed',
  'downgrade_completed',
  'subscription_cancelled',
  'addon_purchased',
]);

export const serverOnlyMessage = (eventType: string) =>
  `event_type "${eventType}" is recorded by the server when it happens; clients cannot send it. Remove it from the request.`;

const text = (field: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${field} is required.` : `${field} must be a string.`) });

const name = (field: string) =>
  text(field).regex(NAME, `${field} must start with a lowercase letter and hold only a–z, 0–9 and _ (at most 64 characters), like "page_view".`);

const jsonObject = (field: string) =>
  z
    .record(z.string(), z.unknown(), { error: `${field} must be a JSON object (or null).` })
    .refine((o) => Buffer.byteLength(JSON.stringify(o), 'utf8') <= MAX_JSON_BYTES, `${field} must be at most 4 KB of JSON.`)
    .nullable()
    .optional()
    .transform((o) => o ?? null);

const clientId = (what: string) =>
  text('id')
    .regex(CLIENT_ID, `id must be 1–64 letters, digits, "_" or "-" (a ULID or UUID); it makes repeated ${what} count once.`)
    .optional();

const pageUrl = text('page_url')
  .max(MAX_URL_LENGTH, `page_url must be at most ${MAX_URL_LENGTH} characters.`)
  .nullable()
  .optional()
  .transform((s) => s ?? null);

const isoDateTime = (field: string) =>
  text(field).refine((s) => parseInstant(s) !== null, `${field} must be an ISO date-time with a time zone, like 2026-03-01T12:00:00.000Z.`);

/**
 * When the thing happened, on the client's clock (the outbox may send it much later). Never a
 * reason to refuse a record: a missing, malformed or implausible value means the receipt time is
 * used instead (time.ts).
 */
const occurredAt = z.unknown().optional();

export const EventInput = z.object({
  event_type: name('event_type'),
  event_category: name('event_category'),
  event_data: jsonObject('event_data'),
  page_url: pageUrl,
  id: clientId('sends'),
  occurred_at: occurredAt,
});
export type EventInputT = z.infer<typeof EventInput>;

export const BatchInput = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be a list of events.' })
    .min(1, 'events must hold at least one event.')
    .max(MAX_BATCH, `events may hold at most ${MAX_BATCH} events per request; send the rest in another batch.`),
});

/** `session_start` is the session's occurrence time; `occurred_at` stands in when it is missing. */
export const SessionStart = z.object({
  id: clientId('starts'),
  session_start: isoDateTime('session_start').optional(),
  page_url: pageUrl,
  occurred_at: occurredAt,
});
export type SessionStartT = z.infer<typeof SessionStart>;

export const SessionUpdate = z
  .object({
    session_end: isoDateTime('session_end').optional(),
    duration_seconds: z
      .number({ error: 'duration_seconds must be a number.' })
      .int('duration_seconds must be a whole number of seconds.')
      .min(0, 'duration_seconds must not be negative.')
      .max(MAX_SESSION_SECONDS, `duration_seconds must be at most ${MAX_SESSION_SECONDS} (31 days).`)
      .optional(),
    pages_visited: z
      .number({ error: 'pages_visited must be a number.' })
      .int('pages_visited must be a whole number.')
      .min(0, 'pages_visited must not be negative.')
      .max(1_000_000, 'pages_visited must be at most 1000000.')
      .optional(),
    // Accepted for symmetry with the other records; a session's times are session_start/_end.
    occurred_at: occurredAt,
  })
  .refine((u) => u.session_end !== undefined || u.duration_seconds !== undefined || u.pages_visited !== undefined, {
    message: 'Send at least one of session_end, duration_seconds, pages_visited.',
  });

export const FunnelInput = z.object({
  funnel_step: name('funnel_step'),
  metadata: jsonObject('metadata'),
  id: clientId('sends'),
  occurred_at: occurredAt,
});
export type FunnelInputT = z.infer<typeof FunnelInput>;
export type SessionUpdateT = z.infer<typeof SessionUpdate>;

/** The kinds of record the mixed batch (`POST /api/analytics/batch`, the client's outbox) takes. */
export const BATCH_KINDS = ['event', 'funnel', 'session_start', 'session_update'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export const MixedBatchInput = z.object({
  items: z
    .array(z.unknown(), { error: 'items must be a list of records.' })
    .min(1, 'items must hold at least one record.')
    .max(MAX_BATCH, `items may hold at most ${MAX_BATCH} records per request; send the rest in another batch.`),
});

/** A session_update names its session: `session_id` (the id the session was started with). */
export const SessionIdField = z.object({
  session_id: text('session_id').regex(CLIENT_ID, 'session_id must be the id the session was started with (1–64 letters, digits, "_" or "-").'),
});

/** The first problem, naming the field unless the message already starts with it. */
export function describe(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const path = issue.path.join('.');
  const head = String(issue.path[0] ?? '');
  const msg = !path || issue.message.startsWith(head) ? issue.message : `${path}: ${issue.message}`;
  return prefix + msg;
}
