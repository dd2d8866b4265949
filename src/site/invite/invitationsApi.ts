import { api } from '../../client/api';
import type { AcceptInvitationResponse, InvitationDetails } from '../../core/api/teams';

// The wire shapes live in src/core/api/teams.ts (shared with the server).
export type { AcceptInvitationResponse as AcceptAnswer, AssignableRole as InvitedRole, InvitationDetails } from '../../core/api/teams';

export const invitationsApi = {
  details: (token: string) => api<InvitationDetails>(`/api/invitations/${encodeURIComponent(token)}`, { auth: false }),
  accept: (token: string) => api<AcceptInvitationResponse>('/api/invitations/accept', { method: 'POST', body: { token } }),
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
