import { api } from '../../client/api';

export type InvitedRole = 'admin' | 'editor' | 'viewer';

/** GET /api/invitations/:token: what the link is for (anyone holding it may read this). */
export interface InvitationDetails {
  team: { id: string; name: string };
  role: InvitedRole;
  email: string;
  invited_by: string;
  expires_at: string;
}

export interface AcceptAnswer {
  team: { id: string; name: string };
  role: string;
  already_member: boolean;
}

export const invitationsApi = {
  details: (token: string) => api<InvitationDetails>(`/api/invitations/${encodeURIComponent(token)}`, { auth: false }),
  accept: (token: string) => api<AcceptAnswer>('/api/invitations/accept', { method: 'POST', body: { token } }),
};

export const ROLE_NAMES: Record<string, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
export const ROLE_HELP: Record<string, string> = {
  admin: 'manage members and invitations, and change projects',
  editor: 'open and change the team’s projects',
  viewer: 'open and read the team’s projects',
};

/** "an editor", "an admin", "a viewer". */
export function withArticle(role: string): string {
  const name = (ROLE_NAMES[role] ?? role).toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}
