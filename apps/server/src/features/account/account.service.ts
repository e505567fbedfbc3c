import { timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { LoginResult } from '@recovery-portal/contract/mfa';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { Role } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError, RateLimitedError } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secure-random';
import type { Mailer } from '#app/mail/mailer';
import { activationCodeMail, resetLink, ssoWelcomeMail } from '#app/mail/templates';
import { auditFromAddressLastHour } from '#app/core/audit/record-audit';
import { createLoginCode } from '#app/core/login-codes';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import type { CallerContext } from '#app/core/caller';
import { createLoginThrottle, signInKey } from '#app/core/sign-in/login-throttle';
import { auditSignIn } from '#app/core/sign-in/sign-in-audit';
import { recordLoginAttempt } from '#app/core/sign-in/sign-in.repository';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import { hashPassword, verifyPassword } from '#app/core/staff-accounts/passwords';
import { findUserByEmail } from '#app/core/staff-accounts/staff-accounts.repository';
import * as repo from './account.repository';
import { mayUsePassword, signInRefusal } from './password-sign-in-policy';

const MAX_WRONG_CODE_GUESSES = 5;
const MAX_CODES_PER_HOUR = 5;
/** Reset requests one address may make in an hour, over every account. */
export const MAX_RESET_REQUESTS_PER_ADDRESS = 20;
/** No reset answer leaves sooner, so issuing a code and finding no account look alike. */
export const RESET_ANSWER_MS = 400;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Password sign-in, and setting a password with an emailed code (a reset or an invitation). */
export function createAccountService(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  signIn: Pick<StaffSignIn, 'afterFirstFactor'>;
}) {
  const { db, config, mailer, signIn } = deps;
  const throttle = createLoginThrottle(db, config);

  return {
    /** Password sign-in for staff; PARTICIPANT, suspended and pending accounts are refused. */
    async login(userName: string, password: string, caller: CallerContext): Promise<LoginResult> {
      const email = userName.toLowerCase();
      const user = await findUserByEmail(db, email);
      // Only a browser this account signed in from holds its device cookie: for anyone else
      // (an unknown account included) the key is the untrusted one.
      const key = signInKey({ email, id: user?.id }, caller);
      // Refusals go on for as long as a guesser keeps asking: one row per address and minute.
      await throttle.refuseWhenThrottled(key, (details) =>
        auditSignIn(db, AUDIT_ACTIONS.loginThrottled, caller, { email, details, folded: true }),
      );
      // Every refusal below does the same work (one password check, against a decoy hash for
      // an unknown account; one attempt row; one audit row) and gives the same answer, so
      // neither its words, its status nor its time tell whether the account exists, is a
      // participant's, is suspended or was given the right password.
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      const passwordAllowed = !user || mayUsePassword(user, config);
      if (
        !user ||
        !passwordOk ||
        !passwordAllowed ||
        user.role === 'PARTICIPANT' ||
        user.status !== 'ACTIVATED'
      ) {
        const reason = !user
          ? 'unknown account'
          : !passwordOk
            ? 'wrong password'
            : !passwordAllowed
              ? 'password sign-in off for the account'
              : `account ${user.role} ${user.status}`;
        await recordLoginAttempt(db, { ...key, succeeded: false });
        await auditSignIn(db, AUDIT_ACTIONS.loginFailed, caller, {
          ...(user ? { userId: user.id } : {}),
          email,
          details: { reason },
        });
        throw signInRefusal(config);
      }
      return signIn.afterFirstFactor({ ...user, role: user.role }, caller);
    },

    /**
     * Emails a single-use activation code. Answers the same, in the same time, whether or not
     * the account exists, so it cannot be used to discover who has an account: every request
     * is audited, refused past MAX_RESET_REQUESTS_PER_ADDRESS an hour from one address (which
     * says nothing about any account), and answered no sooner than RESET_ANSWER_MS after it
     * arrived. An account gets at most MAX_CODES_PER_HOUR codes, silently.
     */
    async sendActivationCode(userName: string, caller: CallerContext): Promise<void> {
      const arrived = performance.now();
      const email = userName.toLowerCase();
      const fromAddress = await auditFromAddressLastHour(
        db,
        AUDIT_ACTIONS.passwordResetRequested,
        caller.clientAddress,
      );
      if (fromAddress.count >= MAX_RESET_REQUESTS_PER_ADDRESS) {
        throw new RateLimitedError(MESSAGES.http.rateLimited, fromAddress.oldestLeavesInSeconds);
      }
      await auditSignIn(db, AUDIT_ACTIONS.passwordResetRequested, caller, { email });
      const user = await findUserByEmail(db, email);
      // An account that may not use a password (password-sign-in-policy) gets nothing, and the
      // answer is the same: it tells nobody who is an administrator or came through the provider.
      if (
        user &&
        user.status !== 'SUSPENDED' &&
        mayUsePassword(user, config) &&
        (await repo.countCodesSince(db, user.id, new Date(Date.now() - 3_600_000))) <
          MAX_CODES_PER_HOUR
      ) {
        await this.issueActivationCode(user, 'reset');
        await auditSignIn(db, AUDIT_ACTIONS.codeSent, caller, {
          userId: user.id,
          role: user.role,
          email: user.email,
        });
      }
      const wait = arrived + RESET_ANSWER_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },

    /**
     * Welcomes a clinician an administrator created: a code to set a password or, when
     * OIDC_ONLY keeps passwords for administrators, where to sign in through the provider
     * (the first such sign-in activates the account).
     */
    async welcomeClinician(clinician: { id: number; email: string }) {
      if (mayUsePassword({ role: 'CLINICIAN', provisionedBySso: false }, config))
        return this.issueActivationCode(clinician, 'welcome');
      const message = ssoWelcomeMail({
        to: clinician.email,
        loginUrl: `${config.publicUrl}${WEB_ROUTES.login}`,
        providerName: config.oidc?.name ?? '',
      });
      await (mailer.queueWithin ? mailer.queueWithin(db, message) : mailer.send(message));
    },

    /**
     * Creates and emails a code; also used when staff are created or participants invited. The
     * code and its email in the outbox are one transaction (joining the caller's, if any), so a
     * code is never stored without its email or the other way round. SMTP sends inside it: a
     * failed send rolls the code back.
     */
    async issueActivationCode(
      user: { id: number; email: string; role?: Role },
      purpose: 'reset' | 'welcome',
    ) {
      const minutesValid =
        purpose === 'welcome' ? config.inviteCodeTtlHours * 60 : config.loginCodeTtlMinutes;
      await db.transaction(async (tx) => {
        const code = await createLoginCode(tx, {
          userId: user.id,
          purpose: purpose === 'welcome' ? 'INVITE' : 'RESET',
          minutesValid,
        });
        const message = activationCodeMail({
          to: user.email,
          code,
          link: resetLink(config.publicUrl, user.email, code, user.role === 'PARTICIPANT'),
          minutesValid,
          purpose,
        });
        await (mailer.queueWithin ? mailer.queueWithin(tx, message) : mailer.send(message));
      });
    },

    /** Sets a new password with an emailed code; ends every existing session of the account. */
    async setPasswordWithCode(
      userName: string,
      code: string,
      password: string,
      caller: CallerContext,
    ) {
      const invalid = new AppError('UNPROCESSABLE', MESSAGES.account.codeInvalid);
      const user = await findUserByEmail(db, userName);
      if (!user || user.status === 'SUSPENDED') throw invalid;
      const codeHash = sha256(code.trim().toUpperCase());
      const match = (await repo.findActiveLoginCodes(db, user.id)).find((row) =>
        sameSecret(row.codeHash, codeHash),
      );
      if (!match) {
        await repo.recordWrongCodeGuess(db, user.id, MAX_WRONG_CODE_GUESSES);
        // Guesses go on after the codes have died: one row per address and minute.
        await auditSignIn(db, AUDIT_ACTIONS.passwordCodeRejected, caller, {
          userId: user.id,
          role: user.role,
          email: user.email,
          folded: true,
        });
        throw invalid;
      }
      // Only the holder of a valid code learns that the account signs in through the provider.
      if (!mayUsePassword(user, config)) {
        await auditSignIn(db, AUDIT_ACTIONS.passwordCodeRejected, caller, {
          userId: user.id,
          role: user.role,
          email: user.email,
          details: { reason: 'password sign-in off for the account' },
        });
        throw new AppError('FORBIDDEN', MESSAGES.account.passwordNotForAccount);
      }
      if (!(await repo.markLoginCodeUsed(db, match.id))) throw invalid;
      await repo.setPassword(db, user.id, await hashPassword(password));
      await revokeAllUserTokens(db, user.id);
      await auditSignIn(db, AUDIT_ACTIONS.passwordSet, caller, {
        userId: user.id,
        role: user.role,
        email: user.email,
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
