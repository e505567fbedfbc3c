import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../db/ambient-transaction';
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
  /**
   * Queues the message inside the caller's transaction, so that it commits (or not) together
   * with the change that caused it, even if the process dies in between. Only the outbox can;
   * SMTP delivers at once and cannot wait for a commit.
   */
  queueWithin?(tx: Database, message: MailMessage): Promise<void>;
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
  const queue = async (into: Database, message: MailMessage) => {
    await into.insert(outbox).values({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    });
    // Only a message that is really queued is logged: not one whose transaction rolls back.
    await afterCommit(async () => {
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail (outbox): ${message.text}`,
      );
    });
  };
  return {
    transport: 'outbox',
    send: (message) => queue(db, message),
    queueWithin: queue,
  };
}
