import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP the message is kept in the outbox table and written to the log, so the embedded
 * default works with no mail server and an operator can still pass a reset link on.
 */
export function createOutboxMailer(db: Database, logger: FastifyBaseLogger): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(outbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail (outbox): ${message.text}`,
      );
    },
  };
}
