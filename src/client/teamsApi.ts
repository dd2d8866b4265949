/** The teams endpoints (server/teams), typed for the account page. */
import { api } from './api';

export type TeamRole = 'owner' | 'admin' | 'editor' | 'viewer';

export interface TeamSummary {
  id: string;
  name: string;
  owner_id: string;
  role: TeamRole;
  is_home: boolean;
}

export interface TeamMember {
  user_id: string;
  email: string;
  role: TeamRole;
  joined_at: string;
}

export interface PendingInvitation {
  email: string;
  role: Exclude<TeamRole, 'owner'>;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

export interface TeamDetails {
  team: { id: string; name: string; owner_id: string };
  your_role: TeamRole;
  members: TeamMember[];
  invitations: PendingInvitation[];
  limits: { users: number; projects: number; plan: string };
}

const enc = encodeURIComponent;

export const teamsApi = {
  list: () => api<{ teams: TeamSummary[] }>('/api/teams').then((r) => r.teams),
  details: (teamId: string) => api<TeamDetails>(`/api/teams/${enc(teamId)}/members`),
  rename: (teamId: string, name: string) => api(`/api/teams/${enc(teamId)}`, { method: 'PATCH', body: { name } }),
  invite: (teamId: string, email: string, role: string) => api(`/api/teams/${enc(teamId)}/invitations`, { method: 'POST', body: { email, role } }),
  withdraw: (teamId: string, email: string) => api(`/api/teams/${enc(teamId)}/invitations/${enc(email)}`, { method: 'DELETE' }),
  setRole: (teamId: string, userId: string, role: string) =>
    api(`/api/teams/${enc(teamId)}/members/${enc(userId)}`, { method: 'PATCH', body: { role } }),
  remove: (teamId: string, userId: string) => api(`/api/teams/${enc(teamId)}/members/${enc(userId)}`, { method: 'DELETE' }),
  leave: (teamId: string) => api(`/api/teams/${enc(teamId)}/leave`, { method: 'POST', body: {} }),
  transfer: (teamId: string, userId: string) => api(`/api/teams/${enc(teamId)}/transfer`, { method: 'POST', body: { user_id: userId } }),
};
