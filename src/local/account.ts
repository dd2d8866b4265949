/**
 * Which account's local database the data worker serves. src/client/data.ts names the account first
 * thing and starts a fresh worker when someone else signs in, so one person's projects never open
 * for another; the database is opened on first use and shared by every handler.
 */
import { localStoreNameFor, openLocalStore, StoreError, type LocalStore } from './store';

/** Opens the local store of an account (tests pass their own, e.g. with a unique name). */
export type OpenStore = (userId: string) => Promise<LocalStore>;

export const openAccountStore =
  (buildId: string): OpenStore =>
  async (userId) =>
    openLocalStore({ name: await localStoreNameFor(userId), adoptLegacy: true, buildId });

export class AccountSession {
  private account: string | null = null;
  private opening: Promise<LocalStore> | null = null;
  private readonly opened = new Set<(store: LocalStore) => void>();

  constructor(private readonly open: OpenStore) {}

  /** Binds the session to one account; a worker never switches accounts. */
  use(userId: string): void {
    if (this.account !== null && this.account !== userId) throw new Error('This data worker already holds another account’s projects; start a new one.');
    this.account = userId;
  }

  /** The account's store, opened on first use. */
  store(): Promise<LocalStore> {
    if (!this.account) return Promise.reject(new StoreError('invalid', 'Sign in to open your projects: they are kept on this device per account.'));
    if (!this.opening) {
      const opening = this.open(this.account);
      this.opening = opening;
      opening.then(
        (s) => this.opened.forEach((f) => f(s)),
        () => {
          // A failed open is tried again on the next call rather than remembered forever.
          if (this.opening === opening) this.opening = null;
        },
      );
    }
    return this.opening;
  }

  /** Calls `f` with the store each time one is opened (now, if it is open already). */
  whenOpen(f: (store: LocalStore) => void): void {
    this.opened.add(f);
    this.opening?.then(f, () => undefined);
  }

  /** Forgets the open store (it is being deleted); the next call opens a fresh one. */
  async release(): Promise<LocalStore> {
    const s = await this.store();
    this.opening = null;
    return s;
  }
}
