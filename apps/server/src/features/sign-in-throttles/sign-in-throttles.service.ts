import type { SignInThrottle } from '@recovery-portal/contract/sign-in-throttles';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { throttledUntil } from '#app/core/sign-in/login-throttle';
import { clearFailures, listRecentFailures } from './sign-in-throttles.repository';

/** What administrators see of the sign-in throttle, and how they lift it. */
export function createSignInThrottleService(db: Database, config: Config) {
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerAddress } = config.loginThrottle;
  const windowMs = windowMinutes * 60_000;
  return {
    /**
     * Every account and address with failed sign-ins in the window (waiting or not; those from
     * a trusted browser apart), then every address whose untrusted failures over all accounts
     * make it wait; those waiting first.
     */
    async list(): Promise<SignInThrottle[]> {
      const pairs = await listRecentFailures(db, new Date(Date.now() - windowMs));
      const addresses = new Map<string, { count: number; last: Date }>();
      for (const pair of pairs) {
        if (pair.trusted) continue;
        const seen = addresses.get(pair.clientAddress);
        addresses.set(pair.clientAddress, {
          count: (seen?.count ?? 0) + pair.count,
          last: seen && seen.last > pair.last ? seen.last : pair.last,
        });
      }
      const row = (
        email: string | null,
        clientAddress: string,
        failures: { count: number; last: Date },
        free: number,
        trustedBrowser = false,
      ): SignInThrottle => ({
        email,
        client_address: clientAddress,
        trusted_browser: trustedBrowser,
        failures: failures.count,
        last_failure_at: failures.last.toISOString(),
        waits_until: throttledUntil(failures, free, windowMs)?.toISOString() ?? null,
      });
      const rows = [
        // A trusted browser is throttled per device; one device per account and address is
        // the usual case, so its row's wait is the device's.
        ...pairs.map((pair) =>
          row(pair.email, pair.clientAddress, pair, maxFailuresPerAccount, pair.trusted),
        ),
        ...[...addresses]
          .filter(([, failures]) => failures.count >= maxFailuresPerAddress)
          .map(([address, failures]) => row(null, address, failures, maxFailuresPerAddress)),
      ];
      return rows.sort((a, b) => Number(b.waits_until !== null) - Number(a.waits_until !== null));
    },

    /** Forgets the failures of an account at an address (or of the whole address). */
    clear(key: { email: string | null; clientAddress: string }): Promise<number> {
      return clearFailures(db, key);
    },
  };
}
