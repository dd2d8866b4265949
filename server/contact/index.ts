/**
 * The contact form (`/api/contact`; app.ts rate-limits the POST).
 *
 * - `POST /` (anyone; signed-in callers are attributed) `{ name, email, company?, subject?, message, website? }`
 *   → 201 `{ ok: true, id }`. The message is stored first, then mailed to CONTACT_EMAIL when set
 *   (reply-to: the sender). A mail failure is logged, not reported: the message is safe in the store.
 *   `website` is a honeypot: when filled in, the answer is the same but nothing is stored or sent.
 * - `GET /messages?page=&pageSize=` (admin) → newest first.
 */
import express, { type Request, type Router } from 'express';
import { monotonicFactory } from 'ulid';
import { z } from 'zod';
import { maybeAuthOf } from '../auth';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { contactDocId } from '../store/ids';
import { ContactForm, isHoneypotFilled, listMessages, mailFor, type ContactMessageDoc } from './messages';

export * from './messages';

export const NOT_A_JSON_OBJECT = 'Send the contact form as a JSON object with Content-Type: application/json.';
export const MAX_PAGE_SIZE = 100;

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The contact form is not valid.';
  const path = issue.path.join('.');
  const head = String(issue.path[0] ?? '');
  return !path || issue.message.startsWith(head) ? issue.message : `${path}: ${issue.message}`;
}

function pageParam(req: Request, name: string, max: number, fallback: number): number {
  const v = req.query[name];
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new HttpError(400, `${name} must be a whole number from 1 to ${max}; got ${JSON.stringify(v)}.`);
  }
  return n;
}

export function createContactRouter(deps: RouterDeps): Router {
  const router = express.Router();
  // Monotonic: two messages in the same millisecond still list in the order they arrived.
  const nextUlid = monotonicFactory();

  router.post('/', deps.optionalUser, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, NOT_A_JSON_OBJECT);
    const parsed = ContactForm.safeParse(body);
    if (!parsed.success) throw new HttpError(400, describe(parsed.error));
    const input = parsed.data;
    const now = deps.now();
    const id = nextUlid(now);
    // A bot gets exactly the answer a person gets, so it cannot learn that it was caught.
    if (isHoneypotFilled(input.website)) {
      res.status(201).json({ ok: true, id });
      return;
    }

    const doc: ContactMessageDoc = {
      type: 'contact_message',
      name: input.name,
      email: input.email,
      company: input.company,
      subject: input.subject,
      message: input.message,
      user_id: maybeAuthOf(res)?.sub ?? null,
      created_at: new Date(now).toISOString(),
    };
    await deps.store.db<ContactMessageDoc>('contact').put({ _id: contactDocId(id), ...doc });

    const to = deps.config.contactEmail;
    if (to) {
      try {
        await deps.mailer.send(mailFor(doc, to));
      } catch (err) {
        console.error(`contact: message ${id} is stored but could not be mailed to ${to}:`, err);
      }
    }
    res.status(201).json({ ok: true, id });
  });

  router.get('/messages', deps.requireUser, deps.requireAdmin, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const page = pageParam(req, 'page', 1_000_000, 1);
    const pageSize = pageParam(req, 'pageSize', MAX_PAGE_SIZE, 20);
    res.json(await listMessages(deps.store, page, pageSize));
  });

  return router;
}
