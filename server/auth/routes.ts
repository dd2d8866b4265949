import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail';
import { isNotFound, upsert, type Store } from '../store';
import { isUserId, userIdForEmail } from '../store/ids';
import { accountClosedMessage } from './closure';
import { createLinkTokens, LinkTokenError, passwordFingerprint, type LinkTokenOptions } from './links';
import { authOf, optionalUser, requireUser, type AccountRefusal } from './middleware';
import { assertPasswordAcceptable, hashPassword, PASSWORD_MAX_LENGTH } from './passwords';
import { createRefreshTokens, DEFAULT_REFRESH_TTL_SECONDS, RefreshTokenError, type IssuedRefreshToken } from './refresh';
import { accessTokenSettings, signAccessToken, type AccessTokenSettings } from './tokens';
import {
  createUsers,
  DuplicateUserError,
  InvalidCredentialsError,
  InvalidEmailError,
  normaliseEmail,
  type UserDoc,
} from './users';

/**
 * The /api/auth endpoints. JSON in and out; the refresh token travels only in an httpOnly,
 * SameSite=Strict cookie scoped to /api/auth, the access token only in response bodies and
 * `Authorization: Bearer` headers.
 */
export const REFRESH_COOKIE = 'earnest_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const AUTH_BODY_LIMIT = '16kb';
export const ACCESS_TOKEN_ISSUER = 'earnest';
export const ACCESS_TOKEN_AUDIENCE = 'earnest-api';
export const SIGNIN_FAILED = 'Email or password is incorrect.';

export interface AuthDeps {
  store: Store;
  mailer: Mailer;
  /** At least 32 bytes; see resolveAuthSecret. */
  secret: string | Uint8Array;
  /** Base address for links in mail, no trailing slash. */
  publicUrl: string;
  /** The base for the links of the flow `req` starts (http/linkBase.ts); absent: publicUrl. */
  linkBase?: (req: Request) => string;
  /**
   * Called when a sign-up finds its address on a closed account, before the new account is made:
   * the closed account's data must go now rather than at the next hourly purge. server/app.ts wires
   * it to the retention module (auth never imports retention: retention reads auth's records).
   */
  onAccountClosed: (userId: string, closedAt: number, now: number) => Promise<unknown>;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  linkTtlSeconds?: LinkTokenOptions['ttlSeconds'];
}

export interface Auth {
  router: Router;
  /** Middleware for later routes: a valid bearer access token or 401. */
  requireUser: RequestHandler;
  /** Middleware: verifies a bearer token when one is sent, lets anonymous requests through. */
  optionalUser: RequestHandler;
  accessTokens: AccessTokenSettings;
}

type AccountDoc = UserDoc & {
  emailVerifiedAt?: number;
  passwordChangedAt?: number;
  /** Access tokens issued before this (ms) are refused: set by every sign-out. */
  accessTokensValidFrom?: number;
};
type StoredAccount = AccountDoc & { _id: string; _rev: string };

export interface AccountView {
  id: string;
  email: string;
  createdAt: number;
  emailVerified: boolean;
}

const view = (doc: AccountDoc & { _id: string }): AccountView => ({
  id: doc._id,
  email: doc.email,
  createdAt: doc.createdAt,
  emailVerified: doc.emailVerifiedAt !== undefined,
});

// ---- request bodies ----
const email = z.string({ error: 'Enter an email address.' }).max(320, 'The email address is too long.');
const password = z
  .string({ error: 'Enter a password.' })
  .max(PASSWORD_MAX_LENGTH * 4, `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`);
const token = z.string({ error: 'The link token is missing.' }).min(1, 'The link token is missing.').max(4096, 'This link is not valid.');

const Credentials = z.object({ email, password });
const VerifyEmail = z.object({ token });
const ResetRequest = z.object({ email });
const ResetConfirm = z.object({ token, password });

function parse<T>(schema: z.ZodType<T>, req: Request): T {
  if (!req.is('application/json') || typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw new HttpError(400, 'Send a JSON object with Content-Type: application/json.');
  }
  const result = schema.safeParse(req.body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

/** Reads one cookie from the Cookie header (no cookie-parser needed for a single httpOnly cookie). */
function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function createAuth(deps: AuthDeps): Auth {
  const now = deps.now ?? Date.now;
  const refreshTtlSeconds = deps.refreshTtlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS;
  const accessTokens = accessTokenSettings({
    secret: deps.secret,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    ...(deps.accessTtlSeconds !== undefined ? { ttlSeconds: deps.accessTtlSeconds } : {}),
  });
  const users = createUsers(deps.store, { now });
  const refresh = createRefreshTokens(deps.store, { now, ttlSeconds: refreshTtlSeconds });
  const links = createLinkTokens({
    secret: deps.secret,
    store: deps.store,
    now,
    ...(deps.linkTtlSeconds ? { ttlSeconds: deps.linkTtlSeconds } : {}),
  });
  const accounts = deps.store.db<AccountDoc>('accounts');
  const secureCookie = deps.publicUrl.startsWith('https:');

  /** The account doc, closed ones included. */
  async function getAnyAccount(id: string): Promise<StoredAccount | null> {
    if (!isUserId(id)) return null;
    try {
      const doc = await accounts.get(id);
      return doc.type === 'user' ? doc : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** An open account: a closed one counts as gone (no links, resets or sessions for it). */
  async function getAccount(id: string): Promise<StoredAccount | null> {
    const doc = await getAnyAccount(id);
    return doc && doc.closedAt === undefined ? doc : null;
  }

  /**
   * Every request with a token: refused for a closed account, and for a token issued before the
   * account was created (one of an earlier, closed account with the same address), before the
   * password last changed, or before the user last signed out (an access token lives 15 minutes
   * and must not outlast either). Other devices' sessions survive a sign-out: their next request
   * gets 401 invalid_token, they refresh (their refresh family is untouched) and retry. A token
   * whose account doc does not exist passes as before: accounts are deleted only once all their
   * access tokens have expired (server/retention/closedAccounts.ts PURGE_GRACE_MS).
   */
  async function checkAccount(userId: string, issuedAtMs: number): Promise<AccountRefusal | null> {
    const doc = await getAnyAccount(userId);
    if (!doc) return null;
    if (doc.closedAt !== undefined) return { reason: 'account_closed', message: accountClosedMessage(doc.closedAt) };
    if (issuedAtMs < doc.createdAt) return { reason: 'invalid', message: 'The access token is not valid.' };
    if (issuedAtMs < (doc.passwordChangedAt ?? 0) || issuedAtMs < (doc.accessTokensValidFrom ?? 0)) {
      return {
        reason: 'invalid',
        message: 'This access token was issued before a sign-out or a password change: refresh the session, or sign in again.',
      };
    }
    return null;
  }
  const requireUserMw = requireUser(accessTokens, { now, checkAccount });

  function setRefreshCookie(res: Response, issued: IssuedRefreshToken): void {
    res.cookie(REFRESH_COOKIE, issued.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: REFRESH_COOKIE_PATH,
      maxAge: refreshTtlSeconds * 1000,
    });
  }

  function clearRefreshCookie(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookie, path: REFRESH_COOKIE_PATH });
  }

  /** Starts a session: a new refresh family (cookie) and an access token (body). */
  async function startSession(res: Response, userId: string): Promise<string> {
    const issued = await refresh.issue(userId);
    setRefreshCookie(res, issued);
    return signAccessToken(accessTokens, { sub: userId }, new Date(now()));
  }

  async function sendMail(to: string, subject: string, text: string): Promise<void> {
    try {
      await deps.mailer.send({ to, subject, text });
    } catch (err) {
      // A mail failure must not undo the account change; the user can ask again.
      console.error(`Could not send "${subject}" to ${to}:`, err);
    }
  }

  const baseFor = (req: Request) => deps.linkBase?.(req) ?? deps.publicUrl;

  async function sendVerification(account: { id: string; email: string }, req: Request): Promise<void> {
    const t = await links.sign('verify-email', account.id);
    const link = `${baseFor(req)}/auth/verify-email#token=${encodeURIComponent(t)}`;
    await sendMail(
      account.email,
      'Confirm your email address for Earnest',
      `Welcome to Earnest.\n\nConfirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this message.\n`,
    );
  }

  const router = express.Router();
  router.use(express.json({ limit: AUTH_BODY_LIMIT }));
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.post(
    '/signup',
    async (req, res) => {
      const body = parse(Credentials, req);
      let user;
      try {
        user = await users.createUser(body);
      } catch (err) {
        if (!(err instanceof DuplicateUserError)) throw err;
        // The address belonged to an account that was closed: its data goes now, and a fresh
        // account starts (rather than waiting for the hourly purge).
        const existing = await getAnyAccount(userIdForEmail(normaliseEmail(body.email)));
        if (existing?.closedAt === undefined) throw err;
        await deps.onAccountClosed(existing._id, existing.closedAt, now());
        user = await users.createUser(body);
      }
      const accessToken = await startSession(res, user.id);
      await sendVerification(user, req);
      res.status(201).json({ user: { ...user, emailVerified: false } satisfies AccountView, accessToken });
    },
  );

  router.post(
    '/signin',
    async (req, res) => {
      const body = parse(Credentials, req);
      let userId: string;
      try {
        userId = (await users.verifyCredentials(body.email, body.password)).id;
      } catch (err) {
        if (err instanceof InvalidCredentialsError) {
          res.status(401).json({ error: SIGNIN_FAILED });
          return;
        }
        throw err;
      }
      const account = await getAnyAccount(userId);
      if (!account) {
        res.status(401).json({ error: SIGNIN_FAILED });
        return;
      }
      if (account.closedAt !== undefined) {
        // Only after the password was right, so this tells nobody else that the address was used.
        res.status(403).json({ error: accountClosedMessage(account.closedAt), reason: 'account_closed' });
        return;
      }
      const accessToken = await startSession(res, userId);
      res.json({ user: view(account), accessToken });
    },
  );

  router.post(
    '/refresh',
    async (req, res) => {
      const presented = readCookie(req, REFRESH_COOKIE);
      if (!presented) {
        res.status(401).json({ error: 'You are not signed in.', reason: 'missing' });
        return;
      }
      let issued: IssuedRefreshToken;
      try {
        issued = await refresh.rotate(presented);
      } catch (err) {
        if (err instanceof RefreshTokenError) {
          clearRefreshCookie(res);
          const closed = err.userId ? (await getAnyAccount(err.userId))?.closedAt : undefined;
          if (closed !== undefined) res.status(401).json({ error: accountClosedMessage(closed), reason: 'account_closed' });
          else res.status(401).json({ error: err.message, reason: err.reason });
          return;
        }
        throw err;
      }
      const account = await getAnyAccount(issued.userId);
      if (account?.closedAt !== undefined) {
        await refresh.revokeAllForUser(issued.userId, 'account-closed');
        clearRefreshCookie(res);
        res.status(401).json({ error: accountClosedMessage(account.closedAt), reason: 'account_closed' });
        return;
      }
      if (!account) {
        await refresh.revokeAllForUser(issued.userId);
        clearRefreshCookie(res);
        res.status(401).json({ error: 'The account no longer exists.', reason: 'unknown' });
        return;
      }
      setRefreshCookie(res, issued);
      const accessToken = await signAccessToken(accessTokens, { sub: issued.userId }, new Date(now()));
      res.json({ user: view(account), accessToken });
    },
  );

  router.post(
    '/signout',
    async (req, res) => {
      const presented = readCookie(req, REFRESH_COOKIE);
      const everywhere = typeof req.body === 'object' && req.body !== null && (req.body as { everywhere?: unknown }).everywhere === true;
      const userId = presented ? await refresh.revokeToken(presented) : null;
      if (userId) {
        // The session's access token (and every other one issued until now) stops working at once
        // instead of living out its 15 minutes; other devices refresh once and carry on.
        const at = now();
        await upsert(accounts, userId, (doc) =>
          doc && doc.type === 'user' && (doc.accessTokensValidFrom ?? 0) < at ? { ...doc, accessTokensValidFrom: at } : null,
        );
        // "Sign out everywhere": every other device's refresh token goes too.
        if (everywhere) await refresh.revokeAllForUser(userId);
      }
      clearRefreshCookie(res);
      res.status(204).end();
    },
  );

  router.get(
    '/me',
    requireUserMw,
    async (_req, res) => {
      const account = await getAccount(authOf(res).sub);
      if (!account) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="earnest", error="invalid_token"');
        res.status(401).json({ error: 'The account no longer exists.' });
        return;
      }
      res.json({ user: view(account) });
    },
  );

  router.post(
    '/verify-email',
    async (req, res) => {
      const { token: t } = parse(VerifyEmail, req);
      const claims = await links.verify('verify-email', t);
      const account = await getAccount(claims.userId);
      if (!account) throw new LinkTokenError('invalid');
      await links.consume('verify-email', claims);
      const at = now();
      const result = await upsert(accounts, account._id, (doc) =>
        doc && doc.type === 'user' && doc.emailVerifiedAt === undefined ? { ...doc, emailVerifiedAt: at } : null,
      );
      const doc = result.doc ?? account;
      res.json({ user: view({ ...doc, _id: account._id }) });
    },
  );

  router.post(
    '/password-reset/request',
    async (req, res) => {
      const body = parse(ResetRequest, req);
      let normalised: string | null = null;
      try {
        normalised = normaliseEmail(body.email);
      } catch (err) {
        if (!(err instanceof InvalidEmailError)) throw err;
      }
      const account = normalised ? await getAccount(userIdForEmail(normalised)) : null;
      if (account) {
        const t = await links.sign('password-reset', account._id, { pwh: passwordFingerprint(account.passwordHash) });
        const link = `${baseFor(req)}/auth/reset-password#token=${encodeURIComponent(t)}`;
        await sendMail(
          account.email,
          'Reset your Earnest password',
          `Someone (hopefully you) asked to reset the password for this Earnest account.\n\nChoose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask, ignore this message: your password stays as it is.\n`,
        );
      }
      res.status(202).json({ message: 'If an account exists for that address, we have sent a link to reset the password.' });
    },
  );

  router.post(
    '/password-reset/confirm',
    async (req, res) => {
      const body = parse(ResetConfirm, req);
      assertPasswordAcceptable(body.password);
      const claims = await links.verify('password-reset', body.token);
      const account = await getAccount(claims.userId);
      if (!account || claims.pwh !== passwordFingerprint(account.passwordHash)) throw new LinkTokenError('used');
      await links.consume('password-reset', claims);
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const result = await upsert(accounts, account._id, (doc) => {
        if (!doc || doc.type !== 'user' || doc.passwordHash !== account.passwordHash) return null;
        // Following a mailed link proves the address too.
        return { ...doc, passwordHash, passwordChangedAt: at, emailVerifiedAt: doc.emailVerifiedAt ?? at };
      });
      if (!result.updated) throw new LinkTokenError('used');
      const revokedSessions = await refresh.revokeAllForUser(account._id);
      res.json({ message: 'The password has been changed. Sign in with the new password.', revokedSessions });
    },
  );

  // Mailed-link errors carry a reason for the page; every other answer is an HttpError that the
  // app's error handler words (bad bodies, weak passwords, bad addresses, an existing account).
  router.use(((err, _req, res, next) => {
    if (err instanceof LinkTokenError) res.status(400).json({ error: err.message, reason: err.reason });
    else next(err);
  }) as express.ErrorRequestHandler);

  return { router, requireUser: requireUserMw, optionalUser: optionalUser(accessTokens, { now, checkAccount }), accessTokens };
}
