/**
 * How many long-running gateway requests of one kind (`_changes` feeds, document reads) run at
 * once, per user and in total for this server process. A slot is taken before the database is
 * touched and given back when the answer ends or the client goes away; a request beyond either
 * limit is refused with 429 and Retry-After instead of queueing (a queue of longpolls would hold
 * their sockets and memory just the same).
 */
import type { Response } from 'express';
import { GatewayError } from './errors';
import { RETRY_AFTER_SECONDS } from './limits';

export interface ConcurrencyLimits {
  perUser: number;
  total: number;
  /** What is being limited, for the message: "_changes feeds". */
  what: string;
}

export class ConcurrencyLimiter {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: ConcurrencyLimits) {}

  /** In use now (for tests and diagnostics). */
  inUse(userId?: string): number {
    return userId === undefined ? this.total : (this.byUser.get(userId) ?? 0);
  }

  /**
   * Takes a slot for `userId` or throws 429. The returned release is idempotent; `res` (when given)
   * releases the slot itself once the response finishes or its connection closes.
   */
  acquire(userId: string, res?: Response): () => void {
    const { perUser, total, what } = this.limits;
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= perUser) {
      throw new GatewayError(
        429,
        'too_many_requests',
        `You already have ${mine} ${what} open on this server (at most ${perUser} per user). Close other tabs or devices that are syncing, or try again in ${RETRY_AFTER_SECONDS} seconds.`,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    if (this.total >= total) {
      throw new GatewayError(
        429,
        'too_many_requests',
        `The sync server is busy (${total} ${what} open, its limit). Try again in ${RETRY_AFTER_SECONDS} seconds.`,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    this.byUser.set(userId, mine + 1);
    this.total++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left <= 0) this.byUser.delete(userId);
      else this.byUser.set(userId, left);
    };
    if (res) {
      res.once('finish', release);
      res.once('close', release);
      // The client may have gone before the slot was taken (the checks before it are async): its
      // 'close' has already fired and will not fire again, so the slot would never come back.
      if (hasClosed(res)) release();
    }
    return release;
  }
}

/** True once the response can no longer be answered: its connection closed or it was destroyed. */
function hasClosed(res: Response): boolean {
  return res.closed || res.destroyed || res.socket === null || res.socket.destroyed;
}
