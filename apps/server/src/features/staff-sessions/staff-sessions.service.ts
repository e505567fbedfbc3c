import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  SESSION_MESSAGES,
  type RevokedSessions,
  type StaffSession,
} from '@recovery-portal/contract/clinicians';
import { idleCutoffSeconds } from '@recovery-portal/contract/session-policy';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import type { AuditFn } from '#app/core/audit/request-audit';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import { findUserById } from '#app/core/staff-accounts/staff-accounts.repository';
import { listLiveSessions, revokeUserSession } from './staff-sessions.repository';

/**
 * An administrator's view of a staff member's sessions. Revoking a session ends it at
 * once: its refresh token is refused, and so are its access tokens, whose `sid` the access
 * check looks up on every call.
 */
export function createStaffSessionService(db: Database, idleTimeoutMinutes: number) {
  const idleCutoffMs = idleCutoffSeconds(idleTimeoutMinutes) * 1000;
  async function requireStaff(userId: number) {
    const user = await findUserById(db, userId);
    if (!user || user.role === 'PARTICIPANT') throw notFound(SESSION_MESSAGES.staffNotFound);
    return user;
  }
  const subject = (userId: number) => ({ subjectType: 'user' as const, subjectId: userId });

  return {
    /** The staff member's sessions that can still be used, most recently used first. */
    async list(userId: number, audit: AuditFn): Promise<StaffSession[]> {
      await requireStaff(userId);
      const sessions = await listLiveSessions(db, userId, new Date(Date.now() - idleCutoffMs));
      await audit({
        action: AUDIT_ACTIONS.staffSessionsList,
        ...subject(userId),
        details: { count: sessions.length },
      });
      return sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt.toISOString(),
        last_used_at: session.lastUsedAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        client_address: session.clientAddress,
        user_agent: session.userAgent,
      }));
    },

    /** Ends one session; NOT_FOUND when it is not a live session of this staff member. */
    async revoke(userId: number, sessionId: string, audit: AuditFn): Promise<RevokedSessions> {
      await requireStaff(userId);
      if (!(await revokeUserSession(db, userId, sessionId))) {
        throw notFound(SESSION_MESSAGES.sessionNotFound);
      }
      await audit({
        action: AUDIT_ACTIONS.staffSessionRevoke,
        ...subject(userId),
        details: { session: sessionId },
      });
      return { revoked: 1, message: SESSION_MESSAGES.revoked };
    },

    /** Ends every session of the staff member (none is fine: the answer says 0). */
    async revokeAll(userId: number, audit: AuditFn): Promise<RevokedSessions> {
      await requireStaff(userId);
      const revoked = await revokeAllUserTokens(db, userId);
      await audit({
        action: AUDIT_ACTIONS.staffSessionsRevokeAll,
        ...subject(userId),
        details: { revoked },
      });
      return { revoked, message: SESSION_MESSAGES.revokedAll };
    },
  };
}
