import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@recovery-portal/contract/mfa';

/** RFC 6238 parameters; the defaults are the ones every authenticator app supports. */
export interface TotpParameters {
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
  digits?: number;
  period?: number;
}

/** Time steps either side of now that are accepted, for clocks that drift a little. */
export const TOTP_WINDOW = 1;

function parameters(options: TotpParameters) {
  return {
    algorithm: options.algorithm ?? 'SHA1',
    digits: options.digits ?? TOTP_DIGITS,
    period: options.period ?? TOTP_PERIOD_SECONDS,
  };
}

/** A new random secret in base32: 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// key URI an authenticator app reads from the QR code. */
export function totpKeyUri(secret: string, accountName: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    ...parameters({}),
  }).toString();
}

/** The code for a moment (milliseconds since the epoch). */
export function totpCode(secret: string, timestamp: number, options: TotpParameters = {}): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, ...parameters(options) });
}

/** The RFC 6238 time step (counter) of a moment. */
export function totpTimeStep(timestamp: number, options: TotpParameters = {}): number {
  return TOTP.counter({ period: parameters(options).period, timestamp });
}

/**
 * The time step whose code matches, looking TOTP_WINDOW steps either side of `timestamp`, or
 * null. Callers store the step and refuse any step not after it, so a code works only once.
 */
export function matchTotp(
  secret: string,
  code: string,
  timestamp: number,
  options: TotpParameters = {},
): number | null {
  const settings = parameters(options);
  if (!new RegExp(`^\\d{${settings.digits}}$`).test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: TOTP_WINDOW,
    ...settings,
  });
  return delta === null ? null : totpTimeStep(timestamp, options) + delta;
}

/**
 * The key URI as a QR code, an SVG data: URL rendered here so that the portal needs no QR
 * library. Medium error correction and a quiet zone, as phone cameras read best.
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
