/**
 * Contact-form messages are kept for {@link CONTACT_RETENTION_MONTHS} months after they were sent
 * (Privacy Policy), then deleted. Their ids are `contact:<ULID>` (server/contact/messages.ts) and a
 * ULID starts with its time, so only the old end of the id range is read.
 */
import { encodeTime } from 'ulid';
import { deleteWhere, type Store } from '../store';
import { CONTACT_PREFIX } from '../store/ids';
import { instantOf, monthsBefore } from './age';

export const CONTACT_RETENTION_MONTHS = 24;

export async function sweepOldContactMessages(store: Store, now: number): Promise<number> {
  const cutoff = monthsBefore(now, CONTACT_RETENTION_MONTHS);
  // Every id whose ULID time is before the cutoff sorts before this key.
  const endkey = `${CONTACT_PREFIX}${encodeTime(cutoff, 10)}`;
  return deleteWhere(store.db('contact'), { startkey: CONTACT_PREFIX, endkey }, (doc) => {
    const at = instantOf(doc.created_at);
    return doc.type === 'contact_message' && at !== null && at < cutoff;
  });
}
