import { timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { type SignInOptions, type SsoCompletion } from '@recovery-portal/contract/sso';
import {
  SSO_REFUSAL_MESSAGES,
  SSO_SIGN_IN_TTL_MINUTES,
  type SsoRefusal,
} from '@recovery-portal/contract/sso-constants';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { opaqueToken, sha256 } from '#app/lib/secure-random';
import { recordAudit } from '#app/core/audit/record-audit';
import type { CallerContext } from '#app/core/caller';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import { findUserByEmail, findUserById } from '#app/core/staff-accounts/staff-accounts.repository';
import {
  OidcFailure,
  type OidcClient,
  type OidcSettings,
  type ProviderIdentity,
} from './oidc-client';
import * as repo from './sso.repository';

const MAX_NAME_LENGTH = 100;

/** Where the browser goes after the provider: the login page, to complete or explain. */
export type CallbackOutcome = { ok: true } | { ok: false; reason: SsoRefusal };

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Single sign-on (ADR 0015). `start` remembers a sign-in and sends the browser to the provider;
 * `callback` redeems the provider's answer and decides who it is, once; `complete`, called by
 * the login page, starts the portal's own session exactly as a password sign-in does (the same
 * two-step sign-in, refresh family, idle logoff and audit).
 */
export function createSsoService(deps: {
  db: Database;
  config: Config;
  signIn: Pick<StaffSignIn, 'afterFirstFactor'>;
  settings: OidcSettings | null;
  client: OidcClient | null;
}) {
  const { db, config, signIn, settings, client } = deps;

  async function audit(
    action: AuditAction,
    caller: CallerContext,
    entry: {
      userId?: number | null;
      email?: string | null;
      details: Record<string, unknown>;
      folded?: true;
    },
  ) {
    await recordAudit(db, {
      ...(entry.folded ? { folded: entry.folded } : {}),
      actorId: entry.userId ?? null,
      actorEmail: entry.email ?? null,
      action,
      subjectType: entry.userId ? 'user' : null,
      subjectId: entry.userId ?? null,
      details: { method: 'oidc', ...entry.details },
      clientAddress: caller.clientAddress,
      requestId: caller.requestId,
    });
  }

  async function refuse(
    reason: SsoRefusal,
    caller: CallerContext,
    entry: { userId?: number | null; email?: string | null; detail?: string; folded?: true } = {},
  ): Promise<CallbackOutcome> {
    await audit(AUDIT_ACTIONS.ssoRefused, caller, {
      ...(entry.folded ? { folded: entry.folded } : {}),
      userId: entry.userId ?? null,
      email: entry.email ?? null,
      details: { reason, ...(entry.detail ? { detail: entry.detail } : {}) },
    });
    return { ok: false, reason };
  }

  /** The staff account the provider's identity signs in to, or why there is none. */
  async function matchAccount(
    identity: ProviderIdentity,
    caller: CallerContext,
  ): Promise<{ userId: number } | { refusal: SsoRefusal; userId?: number; detail?: string }> {
    const email = identity.email;
    if (!email) return { refusal: 'email_missing' };
    if (!identity.emailVerified) return { refusal: 'email_unverified' };
    const user = await findUserByEmail(db, email);
    if (!user) {
      // A provider identity bound to an account whose email it no longer has signs in nowhere.
      const boundTo = await repo.findBoundUserId(db, identity);
      if (boundTo !== undefined) return { refusal: 'identity_mismatch', userId: boundTo };
      if (settings?.autoProvision !== 'CLINICIAN') return { refusal: 'unknown_account' };
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!settings.allowedDomains.includes(domain))
        return { refusal: 'unknown_account', detail: 'email domain not in OIDC_ALLOWED_DOMAINS' };
      const created = await repo.insertProvisionedClinician(
        db,
        {
          email,
          firstName: (identity.givenName ?? email.split('@')[0] ?? '').slice(0, MAX_NAME_LENGTH),
          lastName: (identity.familyName ?? '').slice(0, MAX_NAME_LENGTH),
        },
        identity,
        new Date(),
      );
      // Another process provisioned the same person a moment ago: match that account.
      if (!created) return matchAccount(identity, caller);
      await audit(AUDIT_ACTIONS.ssoProvisioned, caller, {
        userId: created.id,
        email,
        details: {},
      });
      return { userId: created.id };
    }
    if (user.role === 'PARTICIPANT') return { refusal: 'not_staff', userId: user.id };
    if (user.status === 'SUSPENDED') return { refusal: 'account_suspended', userId: user.id };
    // The first sign-in binds the account to this iss + sub; a different sub with the same
    // email (the address reassigned at the provider) is someone else.
    if (!(await repo.bindIdentity(db, user.id, identity)))
      return { refusal: 'identity_mismatch', userId: user.id };
    if (user.status === 'PENDING_ACTIVATION')
      await repo.activateInvitedStaff(db, user.id, new Date());
    return { userId: user.id };
  }

  return {
    enabled: settings !== null && client !== null,

    options(): SignInOptions {
      return { sso_name: settings?.name ?? null, password_sign_in: !settings?.only };
    },

    /** Remembers a new sign-in for this browser; answers the cookie key and the provider URL. */
    async start(): Promise<{ browserKey: string; url: string }> {
      if (!client) throw new OidcFailure('not_configured', 'OIDC is not configured');
      const request = await client.authorizationRequest();
      const browserKey = opaqueToken();
      const now = new Date();
      await repo.deleteExpiredSignIns(db, now);
      await repo.insertSignIn(db, {
        browserKeyHash: sha256(browserKey),
        state: request.state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SSO_SIGN_IN_TTL_MINUTES * 60_000),
      });
      return { browserKey, url: request.url.toString() };
    },

    /** The provider sent the browser back: redeem its code and decide whom it signs in. */
    async callback(
      browserKey: string | undefined,
      query: { raw: string; state: string | undefined },
      caller: CallerContext,
    ): Promise<CallbackOutcome> {
      if (!client) return { ok: false, reason: 'not_configured' };
      const row = browserKey
        ? await repo.claimForCallback(db, sha256(browserKey), new Date())
        : undefined;
      // A callback matching no sign-in names nobody, and anyone can send it: such refusals fold
      // into one audit row per address and minute, so that a flood cannot fill the trail.
      if (!row) return refuse('expired', caller, { folded: true });
      if (query.state === undefined || !sameText(query.state, row.state))
        return refuse('state_mismatch', caller);
      let identity: ProviderIdentity;
      try {
        identity = await client.redeem(query.raw, row);
      } catch (error) {
        const failure =
          error instanceof OidcFailure ? error : new OidcFailure('invalid_response', 'unexpected');
        return refuse(failure.reason, caller, { detail: failure.detail });
      }
      const match = await matchAccount(identity, caller);
      if ('refusal' in match)
        return refuse(match.refusal, caller, {
          userId: match.userId ?? null,
          email: identity.email,
          ...(match.detail ? { detail: match.detail } : {}),
        });
      await repo.acceptSignIn(db, row.id, match.userId, identity.idToken);
      return { ok: true };
    },

    /**
     * The login page finishes an accepted sign-in: the portal session, or the two-step
     * challenge when the account needs one, and the provider's logout address.
     */
    async complete(browserKey: string | undefined, caller: CallerContext): Promise<SsoCompletion> {
      const expired = new AppError('UNAUTHENTICATED', SSO_REFUSAL_MESSAGES.expired);
      if (!client || !browserKey) throw expired;
      const row = await repo.findAccepted(db, sha256(browserKey), new Date());
      if (!row?.userId || !(await repo.claimForCompletion(db, row.id, new Date()))) throw expired;
      // The account is read again: it may have been suspended since the callback.
      const user = await findUserById(db, row.userId);
      if (!user || user.role === 'PARTICIPANT' || user.status !== 'ACTIVATED') {
        await refuse('account_suspended', caller, { userId: row.userId, email: user?.email });
        throw new AppError('FORBIDDEN', SSO_REFUSAL_MESSAGES.account_suspended);
      }
      const endSessionUrl = row.idToken
        ? await client
            .endSessionUrl(row.idToken, `${config.publicUrl}${WEB_ROUTES.login}`)
            .catch(() => null)
        : null;
      // Two-step sign-in, when on for the account or required of all staff, applies here too.
      return {
        result: await signIn.afterFirstFactor({ ...user, role: user.role }, caller, {
          method: 'oidc',
        }),
        end_session_url: endSessionUrl,
      };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
