/**
 * Who may change whom in a team (issue 11 item 6). Owners and admins manage members, but the admin
 * role is the owner's to give and take: otherwise one admin could promote a friend and the two
 * could remove every other admin, or an admin could remove the admin the owner appointed.
 *
 * - The owner changes anyone's role but their own (ownership moves only by a transfer) and removes
 *   anyone but themselves.
 * - An admin changes editors and viewers between editor and viewer, and removes editors and
 *   viewers; never another admin, never to or from admin. An admin may leave.
 * - Editors and viewers manage no one; anyone but the owner may leave.
 *
 * Each check answers null when allowed, else the refusal, saying who can do it.
 */
import type { AssignableRole, TeamRole } from '../../src/core/api/teams';
import { canManageMembers } from './membership';

export interface Refusal {
  status: 403;
  message: string;
}

const refuse = (message: string): Refusal => ({ status: 403, message });

export const NOT_A_MANAGER = 'Only the team owner or a team admin can manage members and invitations.';
export const OWNER_ROLE_FIXED = "The owner's role cannot be changed. The owner can transfer ownership instead.";
export const OWNER_NOT_REMOVABLE = 'The team owner cannot be removed. Transfer ownership to another member first.';
export const ONLY_OWNER_GRANTS_ADMIN = 'Only the team owner can make someone an admin. Ask the owner to change this role.';
export const ONLY_OWNER_CHANGES_ADMIN = "Only the team owner can change an admin's role. Ask the owner to change it.";
export const ONLY_OWNER_REMOVES_ADMIN = 'Only the team owner can remove an admin. Ask the owner to remove them.';
export const ONLY_OWNER_INVITES_ADMIN = 'Only the team owner can invite admins. Invite them as an editor or viewer, or ask the owner.';

/** May `actor` give `target` the role `role`? */
export function roleChangeRefusal(actor: TeamRole, target: TeamRole, role: AssignableRole): Refusal | null {
  if (!canManageMembers(actor)) return refuse(NOT_A_MANAGER);
  if (target === 'owner') return refuse(OWNER_ROLE_FIXED);
  if (actor === 'owner') return null;
  if (target === 'admin') return refuse(ONLY_OWNER_CHANGES_ADMIN);
  if (role === 'admin') return refuse(ONLY_OWNER_GRANTS_ADMIN);
  return null;
}

/** May `actor` remove `target` from the team? `self` when they are the same person (leaving). */
export function removalRefusal(actor: TeamRole, target: TeamRole, self: boolean): Refusal | null {
  if (target === 'owner') return refuse(OWNER_NOT_REMOVABLE);
  if (self) return null;
  if (!canManageMembers(actor)) return refuse(NOT_A_MANAGER);
  if (actor === 'owner') return null;
  if (target === 'admin') return refuse(ONLY_OWNER_REMOVES_ADMIN);
  return null;
}

/** May `actor` invite someone with `role`? */
export function inviteRefusal(actor: TeamRole, role: AssignableRole): Refusal | null {
  if (!canManageMembers(actor)) return refuse(NOT_A_MANAGER);
  if (role === 'admin' && actor !== 'owner') return refuse(ONLY_OWNER_INVITES_ADMIN);
  return null;
}
