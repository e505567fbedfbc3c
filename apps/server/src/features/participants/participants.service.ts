import type { FastifyBaseLogger } from 'fastify';
import {
  PARTICIPANT_ERRORS,
  PARTICIPANT_STATUS_LABELS,
  splitPersonName,
  type InviteParticipant,
  type ParticipantListQuery,
  type ParticipantListResponse,
  type ParticipantListRow,
  type UserGroup,
} from '@recovery-portal/contract/participants';
import { MRN_MESSAGES } from '@recovery-portal/contract/participant-identity';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import type { JsonText } from '#app/lib/envelope';
import type { MailMessage, Mailer } from '#app/mail/mailer';
import { invitationMail, reminderMail, type JoinCode } from './participant-mail';
import { findParticipantRow } from './participant-list-rows';
import * as list from './participant-list.repository';
import type { StatementCaller } from '#app/core/auth/statement-caller';
import { emailInUse } from '#app/core/email-in-use';
import * as repo from './participants.repository';
import { findGroup } from '#app/core/participant-groups';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import { createLoginCode } from '#app/core/login-codes';
import { resetLink } from '#app/mail/templates';
import { violatedUniqueIndex } from '#app/db/errors';
import { mrnInUse } from '#app/core/mrn-in-use';
import type { AuditValues } from '#app/core/audit/record-audit';

const MAIL_FAILED =
  'The email could not be sent, so nothing was changed. Please try again in a few minutes.';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '14 Mar 2025 at 09:05 UTC': unambiguous in a sentence, whatever the reader's locale. */
export function formatUtc(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} at ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())} UTC`;
}

const describe = (status: UserStatus) => PARTICIPANT_STATUS_LABELS[status];

export function createParticipantService(deps: {
  db: Database;
  config: Pick<Config, 'remindIntervalDays' | 'inviteCodeTtlHours' | 'publicUrl'>;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}) {
  const { db, config, mailer, logger } = deps;

  /** The participant with this id; 404 when there is none, 409 for a staff account. */
  async function requireParticipant(id: number) {
    const account = await repo.findAccount(db, id);
    if (!account) throw notFound(PARTICIPANT_ERRORS.notFound(id));
    if (account.role !== 'PARTICIPANT') throw conflict(PARTICIPANT_ERRORS.staffAccount);
    return account;
  }

  /**
   * A new invitation code for the participant, stored with the change that mails it: what they
   * set their password with on the page the link opens (INVITE_CODE_TTL_HOURS).
   */
  async function joinCode(into: Database, participant: { id: number; email: string }) {
    const minutesValid = config.inviteCodeTtlHours * 60;
    const code = await createLoginCode(into, {
      userId: participant.id,
      purpose: 'INVITE',
      minutesValid,
    });
    const link = resetLink(config.publicUrl, participant.email, code, true);
    return { code, link, minutesValid } satisfies JoinCode;
  }

  async function currentRow(id: number): Promise<ParticipantListRow> {
    const row = await findParticipantRow(db, id);
    // Deleted between the change and this read: report it as gone rather than failing.
    if (!row) throw notFound(PARTICIPANT_ERRORS.notFound(id));
    return row;
  }

  /**
   * Makes a change and the email it causes one write. The outbox queues the message in the
   * change's transaction, so a crash in between leaves both or neither. SMTP cannot wait for a
   * commit: the message is sent after it, and `undo` reverses the change if sending fails.
   * `mail` returns null when the change did not happen (nothing to send).
   */
  async function changeWithMail<T>(
    change: (into: Database) => Promise<T>,
    mail: (result: T) => MailMessage | null,
    undo: (result: T) => Promise<void>,
  ): Promise<T> {
    const queueWithin = mailer.queueWithin?.bind(mailer);
    if (queueWithin) {
      return db.transaction(async (tx) => {
        const result = await change(tx);
        const message = mail(result);
        if (message) await queueWithin(tx, message);
        return result;
      });
    }
    const result = await change(db);
    const message = mail(result);
    if (!message) return result;
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error({ err: error }, 'participant email could not be sent');
      await undo(result);
      throw new AppError('SERVICE_UNAVAILABLE', MAIL_FAILED);
    }
    return result;
  }

  return {
    /**
     * One page of participants and the total matching the filters (spec §7 user list); the
     * statement reading the rows writes the call's audit row (`audit`) too, and as the list
     * opens, checks the caller's session (StatementCaller).
     */
    list(
      listQuery: ParticipantListQuery,
      caller: StatementCaller,
      audit: () => AuditValues,
    ): Promise<JsonText<ParticipantListResponse>> {
      // "Mine" is the caseload of whoever asks: the token's staff member, admitted or refused
      // by the statement that reads it.
      const query = { ...listQuery, responsible_id: listQuery.mine ? caller.userId : null };
      return list.listParticipants(db, query, caller, audit);
    },

    /** Every user group, by name, read by the statement that writes the call's audit row. */
    groups(audit: AuditValues): Promise<UserGroup[]> {
      return repo.auditedGroups(db, audit);
    },

    /** Creates a PENDING_ACTIVATION participant and emails the invitation with its code. */
    async invite(input: InviteParticipant): Promise<ParticipantListRow> {
      const group = await findGroup(db, input.group);
      if (!group) throw new AppError('UNPROCESSABLE', PARTICIPANT_ERRORS.unknownGroup(input.group));
      if (await emailInUse(db, input.email)) throw conflict(PARTICIPANT_ERRORS.emailTaken);
      const mrn = input.mrn || null;
      if (mrn && (await mrnInUse(db, mrn))) throw conflict(MRN_MESSAGES.taken(mrn));
      const { firstName, lastName } = splitPersonName(input.name);
      const email = input.email.toLowerCase();
      let id: number;
      try {
        ({ id } = await changeWithMail(
          async (into) => {
            const created = await repo.insertInvitedParticipant(into, {
              email,
              firstName,
              lastName,
              phoneNumber: input.phone_number || null,
              mrn,
              type: input.type,
              groupId: group.id,
            });
            return { id: created, join: await joinCode(into, { id: created, email }) };
          },
          ({ join }) => invitationMail({ to: email, firstName, join }),
          (created) => repo.deleteUninvitedParticipant(db, created.id),
        ));
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        throw conflict(
          mrn && index.includes('mrn') ? MRN_MESSAGES.taken(mrn) : PARTICIPANT_ERRORS.emailTaken,
        );
      }
      return currentRow(id);
    },

    /**
     * Emails a reminder with a new code to an invited participant, at most once per reminder
     * interval.
     */
    async remind(id: number): Promise<ParticipantListRow> {
      const account = await requireParticipant(id);
      if (account.status !== 'PENDING_ACTIVATION') {
        throw conflict(PARTICIPANT_ERRORS.notRemindable(describe(account.status)));
      }
      const reminded = await changeWithMail(
        async (into) =>
          (await repo.markReminded(into, id, config.remindIntervalDays))
            ? joinCode(into, account)
            : null,
        (join) =>
          join ? reminderMail({ to: account.email, firstName: account.firstName, join }) : null,
        () => repo.restoreReminder(db, id, account),
      );
      if (!reminded) {
        const latest = await requireParticipant(id);
        if (latest.status !== 'PENDING_ACTIVATION') {
          throw conflict(PARTICIPANT_ERRORS.notRemindable(describe(latest.status)));
        }
        const next = latest.nextRemindDate ?? new Date();
        throw conflict(PARTICIPANT_ERRORS.remindTooEarly(formatUtc(next)));
      }
      return currentRow(id);
    },

    /** ACTIVATED → SUSPENDED; the participant's sessions end at once. */
    async suspend(id: number): Promise<ParticipantListRow> {
      const account = await requireParticipant(id);
      if (!(await repo.changeStatus(db, id, 'ACTIVATED', 'SUSPENDED'))) {
        const latest = await requireParticipant(id);
        throw conflict(PARTICIPANT_ERRORS.notSuspendable(describe(latest.status)));
      }
      await revokeAllUserTokens(db, account.id);
      return currentRow(id);
    },

    /** SUSPENDED → ACTIVATED. */
    async resume(id: number): Promise<ParticipantListRow> {
      await requireParticipant(id);
      if (!(await repo.changeStatus(db, id, 'SUSPENDED', 'ACTIVATED'))) {
        const latest = await requireParticipant(id);
        throw conflict(PARTICIPANT_ERRORS.notResumable(describe(latest.status)));
      }
      return currentRow(id);
    },

    /** Deletes the participant and everything stored about them; staff cannot be deleted here. */
    async remove(id: number): Promise<{ type: ParticipantType | null; status: UserStatus }> {
      await requireParticipant(id);
      const row = await findParticipantRow(db, id);
      if (!(await repo.deleteParticipant(db, id))) throw notFound(PARTICIPANT_ERRORS.notFound(id));
      return { type: row?.type ?? null, status: row?.status ?? 'ACTIVATED' };
    },

    /** Changes the participant type (Internal, Pilot, Demo). */
    async changeType(
      id: number,
      type: ParticipantType,
    ): Promise<{ row: ParticipantListRow; previous: ParticipantType }> {
      await requireParticipant(id);
      const before = await currentRow(id);
      if (!(await repo.updateParticipantType(db, id, type))) {
        throw notFound(PARTICIPANT_ERRORS.notFound(id));
      }
      return { row: await currentRow(id), previous: before.type };
    },
  };
}
