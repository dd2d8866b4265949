/**
 * CouchDB-compatible error answers (`{ error, reason }`), which PouchDB's HTTP adapter turns into
 * errors with the same `status`, `name` and `message`.
 */
import type { Response } from 'express';

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
    this.name = 'GatewayError';
  }
}

export const FORBIDDEN_NOT_MEMBER = 'You are not a member of this team. Ask its owner for an invitation.';
export const FORBIDDEN_VIEWER =
  "Viewers can read this team's projects but not change them. Ask a team owner or admin for the editor role.";
export const FORBIDDEN_DESIGN = 'Design documents cannot be written through the sync gateway.';

/** "1 March 2026" (UTC), as the other account and billing messages write dates. */
const longDate = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A write to a team whose plan has ended. Reads still work (members can pull what is there until the
 * retention sweep deletes it, 90 days after the end); the work on their devices is never touched.
 */
export function planEndedMessage(endedAt: number): string {
  return `This team's plan ended on ${longDate(endedAt)}, so the server no longer accepts changes to its projects. Your work stays on your devices. The team owner can choose a plan on the Pricing page (/pricing) to sync again; synced data is deleted 90 days after the plan ended.`;
}

export const notAvailable = (what: string): GatewayError =>
  new GatewayError(404, 'not_found', `${what} is not available through the sync gateway.`);

export const badRequest = (reason: string): GatewayError => new GatewayError(400, 'bad_request', reason);

export function sendError(res: Response, status: number, error: string, reason: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    // A streamed answer cannot change its status any more: cut it so the client sees a failure.
    res.destroy();
    return;
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error, reason });
}

interface PouchLikeError {
  status?: unknown;
  name?: unknown;
  error?: unknown;
  message?: unknown;
  reason?: unknown;
}

/** Any thrown value as a CouchDB error answer: PouchDB errors keep their status/name/message. */
export function sendThrown(res: Response, err: unknown): void {
  if (err instanceof GatewayError) {
    sendError(res, err.status, err.error, err.reason, err.headers);
    return;
  }
  const e = (err ?? {}) as PouchLikeError;
  const status = typeof e.status === 'number' && e.status >= 400 && e.status < 600 ? e.status : 500;
  if (status === 500) {
    console.error('sync gateway:', err);
    sendError(res, 500, 'internal_server_error', 'The sync gateway failed to answer this request.');
    return;
  }
  const name = typeof e.name === 'string' ? e.name : typeof e.error === 'string' ? e.error : 'error';
  const reason = typeof e.message === 'string' ? e.message : typeof e.reason === 'string' ? e.reason : name;
  sendError(res, status, name, reason);
}
