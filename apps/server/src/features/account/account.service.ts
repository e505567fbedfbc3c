import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { LoginResponse, TokenPair } from '@recovery-portal/contract/account';
import type { LoginResult } from '@recovery-portal/contract/mfa';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { idleCutoffSeconds } from '@recovery-portal/contract/session-policy';
import type { Role, StaffRole } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError, RateLimitedError } from '#app/lib/app-error';
import { activationCode, opaqueToken, sha256 } from '#app/lib/secure-random';
import type { Mailer } from '#app/mail/mailer';
import { activationCodeMail, resetLink, ssoWelcomeMail } from '#app/mail/templates';
import { auditFromAddressLastHour, recordAudit } from '#app/core/audit/record-audit';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import * as repo from './account.repository';
import { createLoginThrottle, signInKey } from './login-throttle';
import { issueMfaChallenge } from './mfa-challenge';
import { hashPassword, verifyPassword } from './passwords';
import { mayUsePassword, signInRefusal } from './password-sign-in-policy';
import type { CallerContext } from '#app/core/caller';
import { revokeAllUserTokens } from '#app/core/auth/sessions';

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

export function createAccountService(deps: {
  db: Database;
  config: Config;
  tokens: AccessTokens;
  mailer: Mailer;
}) {
  const { db, config, tokens, mailer } = deps;
  const refreshTtlMs = config.refreshTokenTtlHours * 3_600_000;
  const sessionMaxMs = config.sessionMaxHours * 3_600_000;
  const idleCutoffMs = idleCutoffSeconds(config.idleTimeoutMinutes) * 1000;
  const throttle = createLoginThrottle(db, config);

  /**
   * A new token of the session; it expires by the session's absolute end at the latest, which
   * also ends the session's access tokens then (the per-call check needs a live token).
   */
  async function issueTokens(
    user: { id: number; role: 'CLINICIAN' | 'ADMINISTRATOR' },
    familyId: string,
    caller: CallerContext,
    into: Database = db,
    sessionStart: Date = new Date(),
  ): Promise<TokenPair> {
    const refreshToken = opaqueToken();
    await repo.insertRefreshToken(into, {
      userId: user.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(
        Math.min(Date.now() + refreshTtlMs, sessionStart.getTime() + sessionMaxMs),
      ),
      clientAddress: caller.clientAddress,
      userAgent: caller.userAgent?.slice(0, 300) ?? null,
    });
    return {
      access_token: await tokens.sign({ userId: user.id, role: user.role, sessionId: familyId }),
      refresh_token: refreshToken,
    };
  }

  async function audit(
    action: AuditAction,
    caller: CallerContext,
    extra: { userId?: number; email?: string; details?: Record<string, unknown>; folded?: true },
  ) {
    // Rows found by the actor's email on the Audit log need the email even where the caller
    // only knows the account (logout, a reused refresh token).
    const email =
      extra.email ?? (extra.userId ? (await repo.findUserById(db, extra.userId))?.email : null);
    await recordAudit(db, {
      actorId: extra.userId ?? null,
      actorEmail: email ?? null,
      action,
      subjectType: extra.userId ? 'user' : null,
      subjectId: extra.userId ?? null,
      details: extra.details ?? null,
      clientAddress: caller.clientAddress,
      requestId: caller.requestId,
      ...(extra.folded ? { folded: extra.folded } : {}),
    });
  }

  return {
    /** Password sign-in for staff; PARTICIPANT, suspended and pending accounts are refused. */
    async login(userName: string, password: string, caller: CallerContext): Promise<LoginResult> {
      const email = userName.toLowerCase();
      const user = await repo.findUserByEmail(db, email);
      // Only a browser this account signed in from holds its device cookie: for anyone else
      // (an unknown account included) the key is the untrusted one.
      const key = signInKey({ email, id: user?.id }, caller);
      // Refusals go on for as long as a guesser keeps asking: one row per address and minute.
      await throttle.refuseWhenThrottled(key, (details) =>
        audit(AUDIT_ACTIONS.loginThrottled, caller, { email, details, folded: true }),
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
        await repo.recordLoginAttempt(db, { ...key, succeeded: false });
        await audit(AUDIT_ACTIONS.loginFailed, caller, {
          ...(user ? { userId: user.id } : {}),
          email,
          details: { reason },
        });
        throw signInRefusal(config);
      }
      const staff = { ...user, role: user.role };
      // Two-step sign-in (on for the account, or required of all staff) comes before any token.
      const challenge = await issueMfaChallenge(db, staff);
      if (challenge) {
        await audit(AUDIT_ACTIONS.mfaChallenge, caller, {
          userId: user.id,
          email,
          details: { kind: challenge.mfa },
        });
        return challenge;
      }
      return this.completeLogin(staff, caller);
    },

    /** Starts the session of a staff member who has passed every sign-in step. */
    async completeLogin(
      staff: repo.UserRow & { role: StaffRole },
      caller: CallerContext,
      details?: Record<string, unknown>,
    ): Promise<LoginResponse> {
      await repo.recordLoginAttempt(db, { ...signInKey(staff, caller), succeeded: true });
      await audit(AUDIT_ACTIONS.login, caller, {
        userId: staff.id,
        email: staff.email,
        ...(details ? { details } : {}),
      });
      const pair = await issueTokens(staff, randomUUID(), caller);
      return { ...pair, user: repo.toSessionUser(staff) };
    },

    /** Rotates a refresh token; presenting a used one revokes its whole family. */
    async refresh(refreshToken: string, caller: CallerContext): Promise<TokenPair> {
      const invalid = new AppError('UNAUTHENTICATED', MESSAGES.account.refreshInvalid);
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!row) throw invalid;
      const reuse = async () => {
        await repo.revokeTokenFamily(db, row.familyId);
        await audit(AUDIT_ACTIONS.refreshReuse, caller, {
          userId: row.userId,
          details: { family: row.familyId },
        });
        return invalid;
      };
      // A revoked token with a successor was rotated, so presenting it again is a reuse; one
      // without was the newest of a session that has ended (logout, revoked, deactivated).
      if (row.revokedAt) throw (await repo.hasSuccessor(db, row)) ? await reuse() : invalid;
      if (row.expiresAt.getTime() <= Date.now()) throw invalid;
      // Each renewal stores a new token, so the newest token's age is how long the session has
      // gone unused: past the idle cutoff it ends, and a laptop closed mid-session cannot resume.
      if (Date.now() - row.createdAt.getTime() > idleCutoffMs) {
        await repo.revokeTokenFamily(db, row.familyId);
        await audit(AUDIT_ACTIONS.sessionIdleExpired, caller, {
          userId: row.userId,
          details: { family: row.familyId, idle_timeout_minutes: config.idleTimeoutMinutes },
        });
        throw invalid;
      }
      // However often it was renewed, a session ends SESSION_MAX_HOURS after its sign-in.
      const sessionStart = (await repo.sessionStartedAt(db, row.familyId)) ?? row.createdAt;
      if (Date.now() - sessionStart.getTime() >= sessionMaxMs) {
        await repo.revokeTokenFamily(db, row.familyId);
        await audit(AUDIT_ACTIONS.sessionLifetimeExpired, caller, {
          userId: row.userId,
          details: { family: row.familyId, session_max_hours: config.sessionMaxHours },
        });
        throw invalid;
      }
      const staff = await repo.findActiveStaff(db, row.userId);
      if (!staff) {
        await repo.revokeTokenFamily(db, row.familyId);
        throw invalid;
      }
      // The token is consumed and its successor stored together, so to the per-call session
      // check of a concurrent request the session never looks ended in between.
      const pair = await db.transaction(async (tx) =>
        (await repo.consumeRefreshToken(tx, row.id))
          ? issueTokens(staff, row.familyId, caller, tx, sessionStart)
          : null,
      );
      // Another request consumed the token first: the same token was presented twice.
      if (!pair) throw await reuse();
      return pair;
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
    async logout(refreshToken: string, caller: CallerContext): Promise<void> {
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!row) return;
      await repo.revokeTokenFamily(db, row.familyId);
      await audit(AUDIT_ACTIONS.logout, caller, { userId: row.userId });
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
      await audit(AUDIT_ACTIONS.passwordResetRequested, caller, { email });
      const user = await repo.findUserByEmail(db, email);
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
        await audit(AUDIT_ACTIONS.codeSent, caller, { userId: user.id, email: user.email });
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
      const code = activationCode();
      const minutesValid =
        purpose === 'welcome' ? config.inviteCodeTtlHours * 60 : config.loginCodeTtlMinutes;
      const message = activationCodeMail({
        to: user.email,
        code,
        link: resetLink(config.publicUrl, user.email, code, user.role === 'PARTICIPANT'),
        minutesValid,
        purpose,
      });
      await db.transaction(async (tx) => {
        await repo.insertLoginCode(tx, {
          userId: user.id,
          codeHash: sha256(code),
          purpose: purpose === 'welcome' ? 'INVITE' : 'RESET',
          expiresAt: new Date(Date.now() + minutesValid * 60_000),
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
      const user = await repo.findUserByEmail(db, userName);
      if (!user || user.status === 'SUSPENDED') throw invalid;
      const codeHash = sha256(code.trim().toUpperCase());
      const match = (await repo.findActiveLoginCodes(db, user.id)).find((row) =>
        sameSecret(row.codeHash, codeHash),
      );
      if (!match) {
        await repo.recordWrongCodeGuess(db, user.id, MAX_WRONG_CODE_GUESSES);
        // Guesses go on after the codes have died: one row per address and minute.
        await audit(AUDIT_ACTIONS.passwordCodeRejected, caller, {
          userId: user.id,
          email: user.email,
          folded: true,
        });
        throw invalid;
      }
      // Only the holder of a valid code learns that the account signs in through the provider.
      if (!mayUsePassword(user, config)) {
        await audit(AUDIT_ACTIONS.passwordCodeRejected, caller, {
          userId: user.id,
          email: user.email,
          details: { reason: 'password sign-in off for the account' },
        });
        throw new AppError('FORBIDDEN', MESSAGES.account.passwordNotForAccount);
      }
      if (!(await repo.markLoginCodeUsed(db, match.id))) throw invalid;
      await repo.setPassword(db, user.id, await hashPassword(password));
      await revokeAllUserTokens(db, user.id);
      await audit(AUDIT_ACTIONS.passwordSet, caller, { userId: user.id, email: user.email });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
