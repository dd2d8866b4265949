/**
 * Roles (spec §3 "user_roles: user_id, role (admin, free_user)", §6). One document per user in the
 * `accounts` database, `_id` = `role:<userId>`, holding the list of roles; grants and revokes go
 * through `upsert`, so concurrent changes never lose one another.
 *
 * Roles are granted only from the admin command (server/cli/admin.ts); the API only reads the
 * caller's own roles.
 */
import express, { type RequestHandler, type Router } from 'express';
import { authOf } from '../auth/middleware';
import { HttpError } from '../http/errors';
import { isNotFound, upsert, type Store } from '../store';
import { roleDocId } from '../store/ids';

export const ROLES = ['admin', 'free_user'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

export interface RolesDoc {
  type: 'user_roles';
  user_id: string;
  roles: Role[];
  updated_at: string;
}

// The id lives with every other id in server/store/ids; re-exported for callers of this module.
export { roleDocId };

/** The user's roles (known roles only, in {@link ROLES} order); [] when none. */
export async function getRoles(store: Store, userId: string): Promise<Role[]> {
  try {
    const doc = await store.db<RolesDoc>('accounts').get(roleDocId(userId));
    if (doc.type !== 'user_roles' || !Array.isArray(doc.roles)) return [];
    return ROLES.filter((r) => doc.roles.includes(r));
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}

/** Adds a role. Resolves to true when it was added, false when the user already had it. */
export async function grantRole(store: Store, userId: string, role: Role, now: () => number = Date.now): Promise<boolean> {
  const res = await upsert(store.db<RolesDoc>('accounts'), roleDocId(userId), (doc) => {
    const current = doc && Array.isArray(doc.roles) ? doc.roles.filter(isRole) : [];
    if (current.includes(role)) return null;
    return {
      type: 'user_roles' as const,
      user_id: userId,
      roles: ROLES.filter((r) => r === role || current.includes(r)),
      updated_at: new Date(now()).toISOString(),
    };
  });
  return res.updated;
}

/** Removes a role. Resolves to true when it was removed, false when the user did not have it. */
export async function revokeRole(store: Store, userId: string, role: Role, now: () => number = Date.now): Promise<boolean> {
  const res = await upsert(store.db<RolesDoc>('accounts'), roleDocId(userId), (doc) => {
    const current = doc && Array.isArray(doc.roles) ? doc.roles.filter(isRole) : [];
    if (!current.includes(role)) return null;
    return {
      type: 'user_roles' as const,
      user_id: userId,
      roles: current.filter((r) => r !== role),
      updated_at: new Date(now()).toISOString(),
    };
  });
  return res.updated;
}

export interface RolesRouterDeps {
  store: Store;
  requireUser: RequestHandler;
}

/** `GET /api/user-roles` (bearer): the caller's own roles as `[{ role }]` (§7 "select role"). */
export function createRolesRouter(deps: RolesRouterDeps): Router {
  const router = express.Router();
  router.get('/', deps.requireUser, async (_req, res) => {
    const roles = await getRoles(deps.store, authOf(res).sub);
    res.setHeader('Cache-Control', 'no-store');
    res.json(roles.map((role) => ({ role })));
  });
  return router;
}

export const ADMINS_ONLY = 'Only Earnest administrators can do this. Ask an administrator to grant you the admin role.';

/**
 * Lets a request through only when the signed-in caller has the admin role (read from the store on
 * every request, so a revoke takes effect at once). Put it after `requireUser`; 403 otherwise.
 */
export function requireAdmin(store: Store): RequestHandler {
  return async (_req, res, next) => {
    const roles = await getRoles(store, authOf(res).sub);
    if (!roles.includes('admin')) throw new HttpError(403, ADMINS_ONLY);
    next();
  };
}
