import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer secret (refresh tokens): 256 bits, URL-safe. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as SHA-256 digests; they are random, so no salt or stretching is needed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// No 0/O, 1/I/L: the activation code may be typed by hand from the email.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A human-typeable single-use code: 10 characters, about 49 bits. */
export function activationCode(length = 10): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
