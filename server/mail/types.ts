/** What a mail is and what sends one: the contract every {@link Mailer} (server/mail) implements. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML body. */
  html?: string;
  /** Where replies should go (e.g. the sender of a contact-form message). */
  replyTo?: string;
}

export interface SentMail extends MailMessage {
  id: number;
  /** ISO time the message was handed to the mailer. */
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
