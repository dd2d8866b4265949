/**
 * Outgoing mail. Routes depend on {@link Mailer} only; the server picks one implementation:
 * {@link SmtpMailer} when SMTP_URL is set, else the {@link DevOutbox} when development asks for it
 * (EARNEST_DEV_OUTBOX=1, `npm run dev:server`; readable at /api/dev/outbox from loopback only), else
 * {@link UnconfiguredMailer}, which logs that nothing was sent.
 */
import type { MailMessage, Mailer, SentMail } from './types';

export type { MailMessage, Mailer, SentMail } from './types';

export const DEFAULT_OUTBOX_SIZE = 50;

/** Keeps the last N messages in memory (newest last), for development and tests. Nothing is sent. */
export class DevOutbox implements Mailer {
  readonly #messages: SentMail[] = [];
  #nextId = 1;

  constructor(
    readonly limit: number = DEFAULT_OUTBOX_SIZE,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`The outbox size must be a positive whole number; got ${limit}.`);
  }

  async send(message: MailMessage): Promise<void> {
    this.#messages.push({ ...message, id: this.#nextId++, sentAt: new Date(this.now()).toISOString() });
    if (this.#messages.length > this.limit) this.#messages.splice(0, this.#messages.length - this.limit);
  }

  /** A copy of the kept messages, oldest first. */
  messages(): SentMail[] {
    return this.#messages.map((m) => ({ ...m }));
  }

  clear(): void {
    this.#messages.length = 0;
  }
}

/**
 * The stand-in when no SMTP server is configured (and no dev outbox asked for): logs that a message could not be delivered, with the
 * recipient and subject only (never the body: it holds single-use links).
 */
export class UnconfiguredMailer implements Mailer {
  constructor(private readonly log: (line: string) => void = (line) => console.warn(line)) {}

  async send(message: MailMessage): Promise<void> {
    this.log(
      `Mail not sent (no mail transport is configured: set SMTP_URL, or use npm run dev:server for the development outbox): to ${message.to}, "${message.subject}".`,
    );
  }
}

export { SmtpMailer, type SmtpMailerOptions } from './smtp';
