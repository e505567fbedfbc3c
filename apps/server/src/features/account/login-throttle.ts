import { MESSAGES } from '@recovery-portal/contract/messages';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { recentFailures } from './account.repository';

/** The wait after the first failure past the free ones; each further failure doubles it. */
export const FIRST_THROTTLE_DELAY_MS = 30_000;

/**
 * How long after its latest failure a key (an account at one address, or one address) must
 * wait: nothing for the first `free` failures, then 30 s, 60 s, 120 s … up to the window.
 * Growing waits rather than a lock: a guesser elsewhere never locks the owner out, and the owner
 * who mistypes a few times waits seconds, not the whole window.
 */
export function throttleDelayMs(failures: number, free: number, windowMs: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 30);
  return Math.min(FIRST_THROTTLE_DELAY_MS * 2 ** doublings, windowMs);
}

/** When a key with these failures may try again, or null when it may now. */
export function throttledUntil(
  failures: { count: number; last: Date | null },
  free: number,
  windowMs: number,
): Date | null {
  const delay = throttleDelayMs(failures.count, free, windowMs);
  if (delay === 0 || !failures.last) return null;
  const until = new Date(failures.last.getTime() + delay);
  return until.getTime() > Date.now() ? until : null;
}

export interface LoginThrottle {
  /** Throws 429 (and audits it) while the account at this address, or the address, must wait. */
  refuseWhenThrottled(
    email: string,
    clientAddress: string,
    audit: (details: Record<string, unknown>) => Promise<void>,
  ): Promise<void>;
}

/**
 * Failed sign-ins (wrong passwords and wrong two-step codes) counted per account at one address,
 * and per address over every account (someone trying many accounts), from rows shared by every
 * server process.
 */
export function createLoginThrottle(db: Database, config: Config): LoginThrottle {
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerAddress } = config.loginThrottle;
  const windowMs = windowMinutes * 60_000;
  return {
    async refuseWhenThrottled(email, clientAddress, audit) {
      const since = new Date(Date.now() - windowMs);
      const failures = await recentFailures(db, email, clientAddress, since);
      const untilPair = throttledUntil(failures.pair, maxFailuresPerAccount, windowMs);
      const untilAddress = throttledUntil(failures.address, maxFailuresPerAddress, windowMs);
      const until = [untilPair, untilAddress]
        .filter((date): date is Date => date !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      if (!until) return;
      await audit({
        key: untilPair ? 'account and address' : 'address',
        wait_seconds: Math.ceil((until.getTime() - Date.now()) / 1000),
      });
      throw new AppError('RATE_LIMITED', MESSAGES.account.tooManyAttempts);
    },
  };
}
