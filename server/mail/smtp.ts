/**
 * Mail through an SMTP server (nodemailer), configured by one URL: SMTP_URL, e.g.
 * `smtps://user:password@smtp.example.com:465` or `smtp://smtp.example.com:587` (STARTTLS when the
 * server offers it). One transport per server process; each
 * message opens its own connection (mail here is a trickle of sign-up and reset links, and an idle
 * pooled connection would be dropped by most relays anyway).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './types';

export interface SmtpMailerOptions {
  /** smtp:// or smtps:// URL with credentials if the server needs them. */
  url: string;
  /** The From header, e.g. `Earnest <no-reply@earnest.example.com>`. */
  from: string;
  /** Give up on one message after this long (default 20 s), so a dead server cannot hang a request. */
  timeoutMs?: number;
  /** Accept self-signed certificates (tests, private relays); default false. */
  allowSelfSigned?: boolean;
}

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 20_000;
    // The URL is parsed here rather than handed to nodemailer as a string: the string form takes
    // no timeout options (its second argument is per-message defaults).
    const url = new URL(options.url);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//…).`);
    }
    const secure = url.protocol === 'smtps:';
    this.#transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      ...(options.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
  }

  /** Closes the transport (server shutdown, tests). */
  close(): void {
    this.#transport.close();
  }
}
