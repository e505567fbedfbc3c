import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer';

/** SMTP when SMTP_URL is set, else the outbox table: the one choice every sender of mail makes. */
export function createConfiguredMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>,
  db: Database,
  logger: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(db, logger, {
    // Staff trying the portal without a mail server need the link; production never prints one
    // (the outbox table holds it for an operator).
    announceLink:
      config.nodeEnv === 'development' ? (line) => process.stdout.write(`\n${line}\n\n`) : null,
  });
}
