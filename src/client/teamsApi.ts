/** The teams endpoints (server/teams), typed for the account page. */
import type {
  AssignableRole,
  InviteResponse,
  LeaveTeamResponse,
  RemoveMemberResponse,
  RenameTeamResponse,
  RevokeInvitationResponse,
  SetRoleResponse,
  TeamDetails,
  TeamListResponse,
  TransferResponse,
} from '../core/api/teams';
import { api } from './api';

// The wire shapes live in src/core/api/teams.ts (shared with the server); re-exported for the pages.
export type { AssignableRole, PendingInvitation, TeamDetails, TeamMember, TeamRole, TeamSummary } from '../core/api/teams';

const enc = encodeURIComponent;

export const teamsApi = {
  list: () => api<TeamListResponse>('/api/teams').then((r) => r.teams),
  details: (teamId: string) => api<TeamDetails>(`/api/teams/${enc(teamId)}/members`),
  rename: (teamId: string, name: string) => api<RenameTeamResponse>(`/api/teams/${enc(teamId)}`, { method: 'PATCH', body: { name } }),
  invite: (teamId: string, email: string, role: AssignableRole) =>
    api<InviteResponse>(`/api/teams/${enc(teamId)}/invitations`, { method: 'POST', body: { email, role } }),
  withdraw: (teamId: string, email: string) =>
    api<RevokeInvitationResponse>(`/api/teams/${enc(teamId)}/invitations/${enc(email)}`, { method: 'DELETE' }),
  setRole: (teamId: string, userId: string, role: AssignableRole) =>
    api<SetRoleResponse>(`/api/teams/${enc(teamId)}/members/${enc(userId)}`, { method: 'PATCH', body: { role } }),
  remove: (teamId: string, userId: string) => api<RemoveMemberResponse>(`/api/teams/${enc(teamId)}/members/${enc(userId)}`, { method: 'DELETE' }),
  leave: (teamId: string) => api<LeaveTeamResponse>(`/api/teams/${enc(teamId)}/leave`, { method: 'POST', body: {} }),
  transfer: (teamId: string, userId: string) =>
    api<TransferResponse>(`/api/teams/${enc(teamId)}/transfer`, { method: 'POST', body: { user_id: userId } }),
};
