import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { outbox } from '#app/db/schema/outbox';
import { linkAnnouncement } from './link-announcement';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The set-password link the message carries, for the development outbox's console line. */
  link?: string;
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
 * Without SMTP the message is kept in the outbox table, so the embedded default works with no
 * mail server and an operator can still pass a reset link on. The log says only that a message
 * was queued (its row id and subject): never its recipient, text or code. In development,
 * `announceLink` prints a message's set-password link as a line of its own.
 */
export function createOutboxMailer(
  db: Database,
  logger: FastifyBaseLogger,
  options: { announceLink: ((line: string) => void) | null } = { announceLink: null },
): Mailer {
  const queue = async (into: Database, message: MailMessage) => {
    const [row] = await into
      .insert(outbox)
      .values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      })
      .returning({ id: outbox.id });
    // Only a message that is really queued is logged: not one whose transaction rolls back.
    await afterCommit(async () => {
      logger.info({ outbox: { id: row?.id, subject: message.subject } }, 'mail queued in outbox');
      if (message.link) options.announceLink?.(linkAnnouncement(message.link));
    });
  };
  return {
    transport: 'outbox',
    send: (message) => queue(db, message),
    queueWithin: queue,
  };
}
