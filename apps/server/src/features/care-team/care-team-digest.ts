import {
  CARE_TEAM_DIGEST_MAIL,
  MINE_URL_PARAM,
  MINE_URL_VALUE,
} from '@recovery-portal/contract/care-team';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import type { Mailer } from '#app/mail/mailer';
import { claimDigest, digestRecipients, recordToldFlags } from './care-team-digest.repository';
import { startPeriodicTask } from '#app/core/periodic-task';

export interface CareTeamDigestDeps {
  db: Database;
  mailer: Mailer;
  /** The portal's address (PUBLIC_URL), for the link to the Flags screen. */
  publicUrl: string;
  /** CARE_TEAM_DIGEST_MINUTES: a recipient gets at most one digest this often. */
  intervalMinutes: number;
}

/** Rolls a recipient's transaction back when there turned out to be nothing to tell. */
class NothingToTell extends Error {}

/** The link the digest carries: the Flags screen with "Mine" on. */
export function digestLink(publicUrl: string): string {
  return `${publicUrl}${WEB_ROUTES.flags}?${MINE_URL_PARAM}=${MINE_URL_VALUE}`;
}

/**
 * Sends each responsible clinician with new open critical flags on their caseload one digest:
 * a count and a link, nothing that names a participant. Per recipient, one transaction claims
 * the interval, records which flags were told and queues the mail, so a crash, a second run or a
 * second server never sends a flag twice or a recipient two digests within the interval; with
 * nothing new it rolls back and the interval stays unused. Returns how many digests went out.
 */
export async function sendCareTeamDigests(
  deps: CareTeamDigestDeps,
  now: Date = new Date(),
): Promise<number> {
  const { db, mailer } = deps;
  const notSince = new Date(now.getTime() - deps.intervalMinutes * 60_000);
  let sent = 0;
  for (const recipient of await digestRecipients(db)) {
    try {
      await db.transaction(async (tx) => {
        if (!(await claimDigest(tx, recipient.id, now, notSince))) throw new NothingToTell();
        const count = await recordToldFlags(tx, recipient.id, now);
        if (count === 0) throw new NothingToTell();
        const message = {
          to: recipient.email,
          subject: CARE_TEAM_DIGEST_MAIL.subject,
          text: CARE_TEAM_DIGEST_MAIL.text(count, digestLink(deps.publicUrl)),
        };
        // The outbox queues it in this transaction; SMTP sends last, so a failure rolls back.
        if (mailer.queueWithin) await mailer.queueWithin(tx, message);
        else await mailer.send(message);
      });
      sent += 1;
    } catch (error) {
      if (!(error instanceof NothingToTell)) throw error;
    }
  }
  return sent;
}

/** The part of a pino/Fastify logger the schedule uses. */
export interface DigestLogger {
  info(details: { digests: number }, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

/**
 * Runs the digest every `tickMs` (the interval itself is enforced per recipient by the claim).
 * Failures are logged and retried next tick; a tick is skipped while the previous one runs. The
 * stop function resolves once a run in flight has finished.
 */
export function startCareTeamDigests(
  deps: CareTeamDigestDeps,
  options: { tickMs: number; logger: DigestLogger },
): () => Promise<void> {
  return startPeriodicTask(
    async () => {
      const digests = await sendCareTeamDigests(deps);
      if (digests > 0) options.logger.info({ digests }, 'Critical-flag digests queued');
    },
    {
      everyMs: options.tickMs,
      logger: options.logger,
      failureMessage: 'Critical-flag digest failed',
    },
  );
}
