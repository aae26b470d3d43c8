import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP, each message is written to `DATA_DIR/outbox` as JSON and logged, so a
 * self-hoster can finish sign-up with no mail server (and tests read the outbox).
 */
export class OutboxMailer implements Mailer {
  readonly #dir: string;
  readonly #log: (message: string, extra?: Record<string, unknown>) => void;
  constructor(dir: string, log: (message: string, extra?: Record<string, unknown>) => void) {
    this.#dir = dir;
    this.#log = log;
  }

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.#dir, { recursive: true });
    const file = path.join(this.#dir, `${Date.now()}-${randomUUID()}.json`);
    await fs.writeFile(
      file,
      JSON.stringify({ ...message, sent_at: new Date().toISOString() }, null, 2),
    );
    this.#log('mail written to outbox', { to: message.to, subject: message.subject, file });
  }
}

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@mail.example.com). */
export class SmtpMailer implements Mailer {
  readonly #transport: nodemailer.Transporter;
  readonly #from: string;
  constructor(url: string, from: string) {
    this.#transport = nodemailer.createTransport(url);
    this.#from = from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.#from, ...message });
  }
}
