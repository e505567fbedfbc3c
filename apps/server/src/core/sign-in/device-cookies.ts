import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRUSTED_BROWSER_DAYS } from '@recovery-portal/contract/session-policy';
import { callerOf, type CallerContext } from '#app/core/caller';

/** The httpOnly cookie that marks a browser in which staff have signed in. */
const DEVICE_COOKIE = 'rp_device';
/** Sign-in and its two-step code live here; no other call needs the cookie. */
const DEVICE_COOKIE_PATH = '/api/account';
/** Accounts one browser is trusted for (a shared clinic workstation); the oldest drop out. */
const MAX_ACCOUNTS_PER_BROWSER = 5;
const TTL_SECONDS = TRUSTED_BROWSER_DAYS * 86_400;
const ENTRY = /^(\d{1,10})\.([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;

interface DeviceEntry {
  userId: number;
  deviceId: string;
  text: string;
}

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * complete sign-in the browser gets an entry per account, `userId.deviceId.expiry.hmac`, signed
 * with a key derived from the server's secret, so it cannot be forged or moved to another
 * account. Sign-ins that present one are throttled per device (login-throttle.ts).
 */
export function createDeviceCookies(serverSecret: string, options: { secure: boolean }) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'recovery-portal device', 'device-cookie-hmac', 32),
  );
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  /** The cookie's entries whose signature holds and that have not expired, newest first. */
  function entries(request: FastifyRequest): DeviceEntry[] {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value) return [];
    const nowSeconds = Math.floor(Date.now() / 1000);
    return value.split('~', MAX_ACCOUNTS_PER_BROWSER).flatMap((text): DeviceEntry[] => {
      const match = ENTRY.exec(text);
      if (!match) return [];
      const [, userId = '', deviceId = '', expiresAt = '', signature = ''] = match;
      const expected = Buffer.from(sign(`${userId}.${deviceId}.${expiresAt}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
      if (Number(expiresAt) <= nowSeconds) return [];
      return [{ userId: Number(userId), deviceId, text }];
    });
  }

  return {
    /** The caller of a sign-in step, with the accounts this browser is trusted for. */
    callerOf(request: FastifyRequest): CallerContext {
      const trusted = new Map(entries(request).map((entry) => [entry.userId, entry.deviceId]));
      return { ...callerOf(request), trustedDevices: trusted };
    },

    /** After a complete sign-in: a new entry for the account, first, with a fresh expiry. */
    remember(request: FastifyRequest, reply: FastifyReply, userId: number): void {
      const deviceId = randomBytes(16).toString('base64url');
      const body = `${userId}.${deviceId}.${Math.floor(Date.now() / 1000) + TTL_SECONDS}`;
      const others = entries(request).filter((entry) => entry.userId !== userId);
      const value = [`${body}.${sign(body)}`, ...others.map((entry) => entry.text)]
        .slice(0, MAX_ACCOUNTS_PER_BROWSER)
        .join('~');
      reply.setCookie(DEVICE_COOKIE, value, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        secure: options.secure,
        sameSite: 'strict',
        maxAge: TTL_SECONDS,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
