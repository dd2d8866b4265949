/**
 * Contact-form messages in the `contact` database, `_id` = `contact:<ULID>`: ULIDs sort by time, so
 * "newest first" is a descending range read. No IP address or user agent is kept — the message, the
 * sender's own details and (when signed in) their user id are all an answer needs.
 */
import { z } from 'zod';
import type { Store } from '../store';
import { CONTACT_PREFIX } from '../store/ids';

export interface ContactMessageDoc {
  type: 'contact_message';
  name: string;
  email: string;
  company: string | null;
  subject: string | null;
  message: string;
  /** The signed-in sender, else null. */
  user_id: string | null;
  /** ISO date-time text. */
  created_at: string;
}

const text = (field: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${field} is required.` : `${field} must be a string.`) });

/** One line of text (newlines would end up in a mail subject): whitespace runs become one space. */
const line = (field: string, max: number) =>
  text(field)
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `${field} must be at most ${max} characters.`));

const optionalLine = (field: string, max: number) =>
  z
    .union([line(field, max), z.null()], { error: `${field} must be a string.` })
    .optional()
    .transform((s) => (s ? s : null));

export const ContactForm = z.object({
  name: line('name', 200).pipe(z.string().min(1, 'name is required: tell us who you are.')),
  email: text('email')
    .trim()
    .max(320, 'email must be at most 320 characters.')
    .pipe(z.email('email must be a valid email address, like ada@example.com.')),
  company: optionalLine('company', 200),
  subject: optionalLine('subject', 200),
  message: text('message')
    .trim()
    .min(1, 'message is required: write what you would like to tell us.')
    .max(5000, 'message must be at most 5000 characters.'),
  // The honeypot: a field people never see, so only bots fill it.
  website: z.unknown().optional(),
});
export type ContactFormInput = z.infer<typeof ContactForm>;

/** True when the hidden honeypot field was filled in (by a bot). */
export function isHoneypotFilled(website: unknown): boolean {
  if (website === undefined || website === null) return false;
  return typeof website !== 'string' || website.trim() !== '';
}

export function mailFor(doc: ContactMessageDoc, to: string) {
  const lines = [
    `From: ${doc.name} <${doc.email}>`,
    ...(doc.company ? [`Company: ${doc.company}`] : []),
    ...(doc.subject ? [`Subject: ${doc.subject}`] : []),
    ...(doc.user_id ? [`Signed in as: ${doc.user_id}`] : []),
    `Sent: ${doc.created_at}`,
    '',
    doc.message,
    '',
    '— Sent with the contact form. Reply to this mail to answer the sender.',
  ];
  return {
    to,
    subject: `Contact form: ${doc.subject ?? doc.name}`,
    text: lines.join('\n'),
    replyTo: doc.email,
  };
}

export interface MessagePage {
  messages: (ContactMessageDoc & { id: string })[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** A page of messages, newest first. */
export async function listMessages(store: Store, page: number, pageSize: number): Promise<MessagePage> {
  const db = store.db<ContactMessageDoc>('contact');
  const range = { startkey: `${CONTACT_PREFIX}\ufff0`, endkey: CONTACT_PREFIX, descending: true } as const;
  const [keys, rows] = await Promise.all([
    db.allDocs(range),
    db.allDocs({ ...range, include_docs: true, skip: (page - 1) * pageSize, limit: pageSize }),
  ]);
  const total = keys.rows.length;
  const messages = rows.rows
    .map((r) => r.doc)
    .filter((d): d is NonNullable<typeof d> => !!d && d.type === 'contact_message')
    .map(({ _id, _rev: _ignored, ...doc }) => ({ id: _id.slice(CONTACT_PREFIX.length), ...doc }));
  return { messages, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}
