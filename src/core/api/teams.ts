/**
 * The wire shapes of the teams endpoints (server/teams), declared once for both sides: the server
 * builds its answers as these types and the client (src/client/teamsApi.ts, the invitation page)
 * reads them. Types only.
 */

export type TeamRole = 'owner' | 'admin' | 'editor' | 'viewer';
/** The roles a member can be given or invited with (ownership moves only by a transfer). */
export type AssignableRole = Exclude<TeamRole, 'owner'>;

/** One of the caller's teams, `GET /api/teams` → `{ teams: TeamSummary[] }`. */
export interface TeamSummary {
  id: string;
  name: string;
  owner_id: string;
  role: TeamRole;
  is_home: boolean;
}

export interface TeamListResponse {
  teams: TeamSummary[];
}

export interface TeamMember {
  user_id: string;
  email: string;
  role: TeamRole;
  joined_at: string;
}

/** An open invitation, as owners and admins see it in the member list. */
export interface PendingInvitation {
  email: string;
  role: AssignableRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** `GET /api/teams/:teamId/members`; `invitations` is empty for editors and viewers. */
export interface TeamDetails {
  team: { id: string; name: string; owner_id: string };
  your_role: TeamRole;
  members: TeamMember[];
  invitations: PendingInvitation[];
  limits: { users: number; projects: number; plan: string };
}

/** `PATCH /api/teams/:teamId`. */
export interface RenameTeamRequest {
  name: string;
}
export interface RenameTeamResponse {
  id: string;
  name: string;
}

/** `PATCH /api/teams/:teamId/members/:userId`. */
export interface SetRoleRequest {
  role: AssignableRole;
}
export interface SetRoleResponse {
  user_id: string;
  role: AssignableRole;
}

/** `DELETE /api/teams/:teamId/members/:userId`. */
export interface RemoveMemberResponse {
  removed: string;
}

/** `POST /api/teams/:teamId/leave`. */
export interface LeaveTeamResponse {
  left: string;
}

/** `POST /api/teams/:teamId/transfer`. */
export interface TransferRequest {
  user_id: string;
}
export interface TransferResponse {
  team_id: string;
  owner_id: string;
  previous_owner_role: 'admin';
}

/** `POST /api/teams/:teamId/invitations` (`role` defaults to editor). */
export interface InviteRequest {
  email: string;
  role?: AssignableRole;
}
export interface InviteResponse {
  invitation: PendingInvitation;
}

/** `DELETE /api/teams/:teamId/invitations/:email`. */
export interface RevokeInvitationResponse {
  revoked: string;
}

/** `GET /api/invitations/:token`: what the link is for (anyone holding it may read this). */
export interface InvitationDetails {
  team: { id: string; name: string };
  role: AssignableRole;
  email: string;
  invited_by: string;
  expires_at: string;
}

/** `POST /api/invitations/accept` `{ token }`. */
export interface AcceptInvitationRequest {
  token: string;
}
export interface AcceptInvitationResponse {
  team: { id: string; name: string };
  role: TeamRole;
  already_member: boolean;
}

/** `GET /api/team-members/me`: the team the caller joined (not their own), or null. */
export interface TeamMemberMeResponse {
  team_member: { user_id: string; team_id: string; role: TeamRole; team: { name: string; owner_id: string } } | null;
}

/** Why an invitation link no longer works: the `reason` of a 400/410 answer. */
export type InvitationFailure = 'invalid' | 'expired' | 'used' | 'revoked';

/**
 * The `code` beside `error` on team refusals the client may act on: the team is full, the wrong
 * account tried to accept, or too many invitation mails were sent (429, with Retry-After).
 */
export type TeamErrorCode = 'user_limit' | 'wrong_account' | 'invitation_rate_limit';
