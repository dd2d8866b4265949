import { api } from '../../client/api';

export interface ContactRequest {
  name: string;
  email: string;
  company: string | null;
  subject: string | null;
  message: string;
  /** The honeypot: people never see it, so only bots fill it in. */
  website: string;
}

/**
 * POST /api/contact. A signed-in sender's bearer token goes along so the message is attributed;
 * a signed-out visitor's does not (no pointless session refresh).
 */
export function sendContactMessage(body: ContactRequest, signedIn: boolean): Promise<{ ok: true; id: string }> {
  return api<{ ok: true; id: string }>('/api/contact', { method: 'POST', body, auth: signedIn });
}
