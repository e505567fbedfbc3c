import type { SignInThrottle } from '@recovery-portal/contract/sign-in-throttles';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { throttledUntil } from '#app/core/sign-in/login-throttle';
import type { AuditValues } from '#app/core/audit/record-audit';
import { auditedRecentFailures, clearFailures } from './sign-in-throttles.repository';

/** What administrators see of the sign-in throttle, and how they lift it. */
export function createSignInThrottleService(db: Database, config: Config) {
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerAddress } = config.loginThrottle;
  const windowMs = windowMinutes * 60_000;
  return {
    /**
     * Every account and address with failed sign-ins in the window (waiting or not; those from
     * a trusted browser apart), then every address whose untrusted failures over all accounts
     * make it wait; those waiting first. Read by the statement that writes the audit row.
     */
    async list(audit: AuditValues): Promise<SignInThrottle[]> {
      const found = await auditedRecentFailures(
        db,
        { since: new Date(Date.now() - windowMs), maxPerAddress: maxFailuresPerAddress },
        audit,
      );
      const rows = found.map((failures): SignInThrottle => ({
        email: failures.email,
        client_address: failures.clientAddress,
        // A trusted browser is throttled per device; one device per account and address is
        // the usual case, so its row's wait is the device's.
        trusted_browser: failures.trusted,
        failures: failures.count,
        last_failure_at: failures.last.toISOString(),
        waits_until:
          throttledUntil(
            failures,
            failures.email === null ? maxFailuresPerAddress : maxFailuresPerAccount,
            windowMs,
          )?.toISOString() ?? null,
      }));
      return rows.sort((a, b) => Number(b.waits_until !== null) - Number(a.waits_until !== null));
    },

    /** Forgets the failures of an account at an address (or of the whole address). */
    clear(key: { email: string | null; clientAddress: string }): Promise<number> {
      return clearFailures(db, key);
    },
  };
}
