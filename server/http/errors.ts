/**
 * The one error type routers throw for an answer that is the caller's to act on. Express 5 forwards
 * a rejected promise to the app's error handler (server/app.ts), which answers
 * `{ error: message, ...details }` with the status; anything else thrown is a 500 and is logged.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON answer (e.g. `code`, `reason`), beside `error`. */
    readonly details: Record<string, unknown> = {},
    /** Extra response headers (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = (err: unknown): err is HttpError => err instanceof HttpError;
