import { HttpError } from '../http/errors';
import { createIfAbsent, isNotFound, upsert, type Store } from '../store';
import { isUserId, userIdForEmail } from '../store/ids';
import { assertPasswordAcceptable, hashPassword, needsRehash, verifyPassword } from './passwords';

/**
 * Accounts in the `accounts` database. The `_id` is `user:` + the normalised email, so "one user
 * per email" is enforced by the database itself (a second create is a 409), across instances.
 */
export interface UserDoc {
  type: 'user';
  /** The normalised email. */
  email: string;
  passwordHash: string;
  createdAt: number;
  /** Set when the user closed the account (ms); see closure.ts. */
  closedAt?: number;
}

export interface PublicUser {
  id: string;
  email: string;
  createdAt: number;
}

/** A 400 answer as it stands; a class of its own so callers can tell a bad address from other errors. */
export class InvalidEmailError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'InvalidEmailError';
  }
}

/**
 * A 409 answer as it stands. Sign-up says so openly (see README "Accounts and sessions": the
 * convenience was chosen over enumeration resistance, with the per-address limit bounding it).
 */
export class DuplicateUserError extends HttpError {
  constructor() {
    super(409, 'An account with this email already exists. Sign in instead, or reset the password.');
    this.name = 'DuplicateUserError';
  }
}

export class InvalidCredentialsError extends Error {
  override name = 'InvalidCredentialsError';
  readonly status = 401;
  constructor() {
    super('The email or password is incorrect.');
  }
}

const EMAIL_MAX = 254;
/** Deliberately plain: one @, no whitespace, a dot in the domain; ":" excluded (ids use it). */
const EMAIL_SHAPE = /^[^\s@:]+@[^\s@:.]+(?:\.[^\s@:.]+)+$/;

/** Trims, Unicode-normalises (NFC) and lowercases an email; throws {@link InvalidEmailError}. */
export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string' || email.trim() === '') throw new InvalidEmailError('Enter an email address.');
  const e = email.trim().normalize('NFC').toLowerCase();
  if (e.length > EMAIL_MAX) throw new InvalidEmailError(`The email address is too long (at most ${EMAIL_MAX} characters).`);
  if (!EMAIL_SHAPE.test(e)) {
    throw new InvalidEmailError(`"${email.trim()}" does not look like an email address (name@example.com).`);
  }
  return e;
}

const toPublic = (doc: UserDoc & { _id: string }): PublicUser => ({ id: doc._id, email: doc.email, createdAt: doc.createdAt });

export interface Users {
  createUser(input: { email: string; password: string }): Promise<PublicUser>;
  /** Resolves to the user, or throws {@link InvalidCredentialsError} (same for unknown email and wrong password). */
  verifyCredentials(email: string, password: string): Promise<PublicUser>;
  getUser(id: string): Promise<PublicUser | null>;
}

export interface UsersOptions {
  now?: () => number;
}

export function createUsers(store: Store, options: UsersOptions = {}): Users {
  const db = store.db<UserDoc>('accounts');
  const now = options.now ?? Date.now;
  // Hashed once, lazily: unknown emails are checked against it so they cost as much as known ones.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-placeholder'));

  async function findByEmail(email: string): Promise<(UserDoc & { _id: string; _rev: string }) | null> {
    let normalised: string;
    try {
      normalised = normaliseEmail(email);
    } catch {
      return null;
    }
    try {
      const doc = await db.get(userIdForEmail(normalised));
      return doc.type === 'user' ? doc : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    async createUser({ email, password }) {
      const normalised = normaliseEmail(email);
      assertPasswordAcceptable(password);
      const doc: UserDoc & { _id: string } = {
        _id: userIdForEmail(normalised),
        type: 'user',
        email: normalised,
        passwordHash: await hashPassword(password),
        createdAt: now(),
      };
      if (!(await createIfAbsent(db, doc))) throw new DuplicateUserError();
      return toPublic(doc);
    },

    async verifyCredentials(email, password) {
      const user = await findByEmail(email);
      const pw = typeof password === 'string' ? password : '';
      if (!user) {
        await verifyPassword(pw, await getDummyHash());
        throw new InvalidCredentialsError();
      }
      if (!(await verifyPassword(pw, user.passwordHash))) throw new InvalidCredentialsError();
      if (needsRehash(user.passwordHash)) {
        // Upgrade to the current cost while we have the password; a failure here must not block login.
        const passwordHash = await hashPassword(pw);
        await upsert(db, user._id, (doc) =>
          doc && doc.passwordHash === user.passwordHash ? { ...doc, passwordHash } : null,
        ).catch(() => undefined);
      }
      return toPublic(user);
    },

    async getUser(id) {
      if (typeof id !== 'string' || !isUserId(id)) return null;
      try {
        const doc = await db.get(id);
        return doc.type === 'user' ? toPublic(doc) : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
  };
}
