import { Secret, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP_ISSUER } from '@recovery-portal/contract/mfa';
import { deriveMfaKeys } from './mfa-keys';
import { newRecoveryCodes } from './recovery-codes';
import {
  matchTotp,
  newTotpSecret,
  qrCodeDataUrl,
  totpCode,
  totpKeyUri,
  totpTimeStep,
  type TotpParameters,
} from './totp';

/** RFC 6238 appendix B: the seeds are ASCII digits, one length per HMAC algorithm. */
const SEEDS = {
  SHA1: Secret.fromLatin1('12345678901234567890').base32,
  SHA256: Secret.fromLatin1('12345678901234567890123456789012').base32,
  SHA512: Secret.fromLatin1('1234567890123456789012345678901234567890123456789012345678901234')
    .base32,
} as const;

const VECTORS: readonly [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1_111_111_109, '07081804', '68084774', '25091201'],
  [1_111_111_111, '14050471', '67062674', '99943326'],
  [1_234_567_890, '89005924', '91819424', '93441116'],
  [2_000_000_000, '69279037', '90698825', '38618901'],
  [20_000_000_000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the codes match the RFC 6238 test vectors', (seconds, ...codes) => {
    const algorithms = ['SHA1', 'SHA256', 'SHA512'] as const;
    algorithms.forEach((algorithm, index) => {
      const options: TotpParameters = { algorithm, digits: 8 };
      const code = totpCode(SEEDS[algorithm], seconds * 1000, options);
      expect(code).toBe(codes[index]);
      expect(matchTotp(SEEDS[algorithm], code, seconds * 1000, options)).toBe(
        Math.floor(seconds / 30),
      );
    });
  });

  it('a code from the step before or after now is accepted, for clocks that drift', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2025, 2, 1, 9, 0, 15);
    const step = totpTimeStep(now);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('a code two steps away, from another secret, or not six digits is refused', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2025, 2, 1, 9, 0, 15);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(newTotpSecret(), now), now)).toBeNull();
    for (const wrong of ['', '12345', '1234567', '12a456', ' 123456', '١٢٣٤٥٦']) {
      expect(matchTotp(secret, wrong, now)).toBeNull();
    }
  });

  it('a new secret has 160 random bits and the key URI names the portal and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpKeyUri(secret, 'cleo@clinic.example');
    const parsed = URI.parse(uri);
    expect(parsed.issuer).toBe(TOTP_ISSUER);
    expect(parsed.label).toBe('cleo@clinic.example');
    expect(parsed.secret.base32).toBe(secret);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*algorithm=SHA1.*digits=6.*period=30/);
  });

  it('the QR code is an SVG image rendered on the server', async () => {
    const url = await qrCodeDataUrl(totpKeyUri(newTotpSecret(), 'cleo@clinic.example'));
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(url.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe('keys kept out of the database', () => {
  const keys = deriveMfaKeys('server-secret-that-is-long-enough-0123456789');

  it('a TOTP secret is stored encrypted and only its own account can decrypt it', () => {
    const secret = newTotpSecret();
    const stored = keys.encryptSecret(7, secret);
    expect(stored).not.toContain(secret);
    expect(keys.encryptSecret(7, secret)).not.toBe(stored);
    expect(keys.decryptSecret(7, stored)).toBe(secret);
    // Copied onto another account, or decrypted under another server secret: unusable.
    expect(keys.decryptSecret(8, stored)).toBeNull();
    expect(
      deriveMfaKeys('another-server-secret-long-enough-987654').decryptSecret(7, stored),
    ).toBeNull();
  });

  it('a damaged ciphertext decrypts to nothing instead of throwing', () => {
    const stored = keys.encryptSecret(7, newTotpSecret());
    const [version, body = ''] = stored.split('.');
    const flipped = `${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    for (const damaged of [`${version}.${flipped}`, 'v2.abc', 'v1.', 'v1.AAAA', '', 'garbage']) {
      expect(keys.decryptSecret(7, damaged)).toBeNull();
    }
  });

  it('recovery codes are hashed with a key, per account', () => {
    const [code = ''] = newRecoveryCodes(1);
    const hash = keys.hashRecoveryCode(7, code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(keys.hashRecoveryCode(7, code));
    expect(keys.hashRecoveryCode(8, code)).not.toBe(hash);
    expect(
      deriveMfaKeys('another-server-secret-long-enough-987654').hashRecoveryCode(7, code),
    ).not.toBe(hash);
  });

  it('a set of recovery codes is ten distinct codes of twelve unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
  });
});
