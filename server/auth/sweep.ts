/**
 * Removes auth records that can no longer matter, so the accounts database does not grow with every
 * sign-in forever:
 * - refresh tokens past their expiry (an expired token is refused as expired whether or not its
 *   record exists, so reuse detection loses nothing);
 * - refresh families with no unexpired token left (nothing can be presented for them any more);
 * - single-use markers of mailed links once the longest-lived link they could belong to has expired
 *   (the JWT's own expiry refuses the link from then on).
 * Runs at start-up and then hourly from server/index.ts; safe to run concurrently (a conflict on a
 * delete means someone else changed or removed the doc, which is left alone).
 */
import { DEFAULT_LINK_TTL_SECONDS } from './links';
import type { RefreshFamilyDoc, RefreshTokenDoc } from './refresh';
import { docsWithPrefix, PAGE_SIZE as PAGE, removeDocs as remove, type AnyDoc, type Store } from '../store';
import { ONE_TIME_LINK_PREFIX, REFRESH_FAMILY_PREFIX, REFRESH_TOKEN_PREFIX } from '../store/ids';

export interface SweepResult {
  refreshTokens: number;
  families: number;
  linkMarkers: number;
}

export async function sweepExpiredAuthRecords(store: Store, now: number = Date.now()): Promise<SweepResult> {
  const db = store.db('accounts') as PouchDB.Database;
  const result: SweepResult = { refreshTokens: 0, families: 0, linkMarkers: 0 };

  const liveFamilies = new Set<string>();
  let batch: AnyDoc[] = [];
  for await (const doc of docsWithPrefix(db, REFRESH_TOKEN_PREFIX)) {
    const t = doc as unknown as RefreshTokenDoc & AnyDoc;
    if (t.type !== 'refresh') continue;
    if (typeof t.expiresAt === 'number' && t.expiresAt <= now) batch.push(doc);
    else liveFamilies.add(`${t.userId}\u0000${t.familyId}`);
    if (batch.length >= PAGE) result.refreshTokens += await remove(db, batch.splice(0));
  }
  result.refreshTokens += await remove(db, batch);

  batch = [];
  for await (const doc of docsWithPrefix(db, REFRESH_FAMILY_PREFIX)) {
    const f = doc as unknown as RefreshFamilyDoc & AnyDoc;
    if (f.type !== 'refresh-family') continue;
    // A family issued a moment ago may not have its first token written yet: keep young ones.
    const young = typeof f.createdAt === 'number' && now - f.createdAt < 60 * 60 * 1000;
    if (!young && !liveFamilies.has(`${f.userId}\u0000${f.familyId}`)) batch.push(doc);
    if (batch.length >= PAGE) result.families += await remove(db, batch.splice(0));
  }
  result.families += await remove(db, batch);

  const longestLinkMs = Math.max(...Object.values(DEFAULT_LINK_TTL_SECONDS)) * 1000;
  batch = [];
  for await (const doc of docsWithPrefix(db, ONE_TIME_LINK_PREFIX)) {
    const usedAt = doc.usedAt;
    if (doc.type === 'onetime' && typeof usedAt === 'number' && usedAt + longestLinkMs <= now) batch.push(doc);
    if (batch.length >= PAGE) result.linkMarkers += await remove(db, batch.splice(0));
  }
  result.linkMarkers += await remove(db, batch);
  return result;
}
