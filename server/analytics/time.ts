/**
 * When an analytics record happened. Clients record events, funnel steps and session times on their
 * own clock and may send them much later (the offline outbox), so the server keeps two times:
 *
 * - `created_at`: when it happened — the client's `occurred_at` (or `session_start` /
 *   `session_end`) when that is plausible, else the receipt time. Summaries and the 24-month
 *   retention use this one. (Server-written events, subscription/service.ts, set it to the moment
 *   they happen, which is also their receipt.)
 * - `received_at`: when the server got it.
 *
 * Plausible means a date-time with a time zone (or the ISO `Z`) that is no more than 5 minutes in
 * the future and no more than 30 days in the past, both measured from the receipt time. Anything
 * else — a client clock set wrong, a malformed value — falls back to the receipt time: a bad clock
 * never costs the record.
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** Client clocks run a little fast; beyond this they are wrong. */
export const MAX_FUTURE_MS = 5 * MINUTE;
/** The outbox keeps records for a while offline; anything older than this is a wrong clock. */
export const MAX_AGE_MS = 30 * DAY;

/** `2026-03-01T12:00:00.000Z`, `2026-03-01T13:00:00+01:00`: a date, a time and a zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The instant `value` names, or null when it is not an ISO date-time with a zone. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return null;
  // V8 reads 2026-02-30 as 2 March: the calendar date must exist as written.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? t : null;
}

/** True when `t` lies within [received − 30 days, received + 5 minutes]. */
export function plausible(t: number, receivedAt: number): boolean {
  return t <= receivedAt + MAX_FUTURE_MS && t >= receivedAt - MAX_AGE_MS;
}

export interface Occurrence {
  /** ISO text to store as the record's time. */
  at: string;
  /** True when the claimed time was missing or implausible and the receipt time was used. */
  fromReceipt: boolean;
}

/**
 * The time to store for a record the client says happened at `claimed`, received at `receivedAt`
 * (ms since the epoch). A plausible claim is kept (normalised to UTC); otherwise the receipt time.
 */
export function occurrence(claimed: unknown, receivedAt: number): Occurrence {
  const t = parseInstant(claimed);
  if (t !== null && plausible(t, receivedAt)) return { at: new Date(t).toISOString(), fromReceipt: false };
  return { at: new Date(receivedAt).toISOString(), fromReceipt: true };
}
