import { MESSAGES } from '@recovery-portal/contract/messages';
import type { Config } from '#app/config';
import type { CallerContext } from '#app/core/caller';
import type { Database } from '#app/db/client';
import { RateLimitedError } from '#app/lib/app-error';
import { recentDeviceFailures, recentFailures } from './sign-in.repository';

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

/** Whose sign-in it is and from where: the trusted browser's device id, or null. */
export interface SignInKey {
  email: string;
  clientAddress: string;
  deviceId: string | null;
}

/** The key of a sign-in step by this account: its device id when the browser is trusted for it. */
export function signInKey(
  account: { email: string; id?: number | undefined },
  caller: CallerContext,
): SignInKey {
  const deviceId = account.id === undefined ? undefined : caller.trustedDevices?.get(account.id);
  return { email: account.email, clientAddress: caller.clientAddress, deviceId: deviceId ?? null };
}

export interface LoginThrottle {
  /** Throws 429 with Retry-After (and audits it) while this sign-in's key must wait. */
  refuseWhenThrottled(
    key: SignInKey,
    audit: (details: Record<string, unknown>) => Promise<void>,
  ): Promise<void>;
}

/**
 * Failed sign-ins (wrong passwords and wrong two-step codes) from rows shared by every server
 * process. An untrusted client is counted per account at its address and per address over every
 * account (someone trying many accounts). A browser holding the account's trusted-browser cookie
 * (device-cookies.ts) has its own budget instead, so that neither a guesser at the same address
 * (a clinic behind one NAT) nor one trying the account elsewhere slows the owner down.
 */
export function createLoginThrottle(db: Database, config: Config): LoginThrottle {
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerAddress } = config.loginThrottle;
  const windowMs = windowMinutes * 60_000;

  async function waits(key: SignInKey, since: Date): Promise<[string, Date | null][]> {
    if (key.deviceId) {
      const failures = await recentDeviceFailures(db, key.deviceId, since);
      return [['trusted browser', throttledUntil(failures, maxFailuresPerAccount, windowMs)]];
    }
    const failures = await recentFailures(db, key.email, key.clientAddress, since);
    return [
      ['account and address', throttledUntil(failures.pair, maxFailuresPerAccount, windowMs)],
      ['address', throttledUntil(failures.address, maxFailuresPerAddress, windowMs)],
    ];
  }

  return {
    async refuseWhenThrottled(key, audit) {
      const [longest] = (await waits(key, new Date(Date.now() - windowMs)))
        .filter((wait): wait is [string, Date] => wait[1] !== null)
        .sort((a, b) => b[1].getTime() - a[1].getTime());
      if (!longest) return;
      const [which, until] = longest;
      const waitSeconds = Math.ceil((until.getTime() - Date.now()) / 1000);
      await audit({ key: which, wait_seconds: waitSeconds });
      throw new RateLimitedError(MESSAGES.account.tooManyAttempts, waitSeconds);
    },
  };
}
