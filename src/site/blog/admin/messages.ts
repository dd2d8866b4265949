import { ApiError } from '../../../client/api';

export const ADMIN_OFFLINE = 'You are offline: Blog Admin needs a connection.';

/** A failed admin call in words: offline, the server's own message, or a general one. */
export function adminErrorText(err: unknown): string {
  if (err instanceof ApiError) return err.offline ? ADMIN_OFFLINE : err.message;
  return 'Something went wrong. Please try again.';
}
