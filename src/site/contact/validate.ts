/**
 * The contact form's checks: the server's rules (server/contact/messages.ts), so mistakes show next
 * to their fields before anything is sent. The server checks again and has the last word.
 */
export interface ContactDraft {
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactDraft;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const LIMITS = { name: 200, email: 320, company: 200, subject: 200, message: 5000 } as const;

/** The address check the server uses (zod 4's `z.email()` pattern). */
export const EMAIL_RE = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** One line: runs of whitespace become one space (as the server stores names and subjects). */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function validateContact(d: ContactDraft): ContactErrors {
  const e: ContactErrors = {};
  const name = oneLine(d.name);
  if (!name) e.name = 'Tell us your name.';
  else if (name.length > LIMITS.name) e.name = `Your name must be at most ${LIMITS.name} characters.`;

  const email = d.email.trim();
  if (!email) e.email = 'Enter your email address, so that we can reply.';
  else if (email.length > LIMITS.email) e.email = `The email address must be at most ${LIMITS.email} characters.`;
  else if (!EMAIL_RE.test(email)) e.email = 'Enter a valid email address, like ada@example.com.';

  if (oneLine(d.company).length > LIMITS.company) e.company = `The company name must be at most ${LIMITS.company} characters.`;
  if (oneLine(d.subject).length > LIMITS.subject) e.subject = `The subject must be at most ${LIMITS.subject} characters.`;

  const message = d.message.trim();
  if (!message) e.message = 'Write your message: what would you like to tell us?';
  else if (message.length > LIMITS.message) e.message = `Your message must be at most ${LIMITS.message} characters; it has ${message.length}.`;
  return e;
}

/** The field a server validation message names ("email must be a valid …" → email), if any. */
export function fieldOfServerError(message: string): ContactField | null {
  const m = /^(name|email|company|subject|message)\b/.exec(message);
  return m ? (m[1] as ContactField) : null;
}
