/**
 * Outgoing mail. Only the interface and a development outbox exist so far; an SMTP mailer is a
 * later step. Routes depend on {@link Mailer} only.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML body. */
  html?: string;
}

export interface SentMail extends MailMessage {
  id: number;
  /** ISO time the message was handed to the mailer. */
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

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
 * The production stand-in until SMTP exists: logs that a message could not be delivered, with the
 * recipient and subject only (never the body: it holds single-use links).
 */
export class UnconfiguredMailer implements Mailer {
  constructor(private readonly log: (line: string) => void = (line) => console.warn(line)) {}

  async send(message: MailMessage): Promise<void> {
    this.log(`Mail not sent (no mail transport is configured): to ${message.to}, "${message.subject}".`);
  }
}
