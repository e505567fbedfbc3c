import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The keys two-step sign-in keeps out of the database. */
export interface MfaKeys {
  /** AES-256-GCM encryption of a user's TOTP secret, bound to that user. */
  encryptSecret(userId: number, secret: string): string;
  /** The secret, or null when the ciphertext is damaged or was made under another key. */
  decryptSecret(userId: number, ciphertext: string): string | null;
  /** HMAC-SHA-256 of a normalised recovery code, bound to its user. */
  hashRecoveryCode(userId: number, code: string): string;
}

function subkey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'recovery-portal mfa', purpose, 32));
}

/**
 * Derives the two-step sign-in keys from the server's secret (JWT_SECRET, or the one generated
 * into DATA_DIR/secrets.json), with HKDF and a label per purpose, so neither key is stored
 * anywhere and a copy of the database alone reveals no TOTP secret and cannot be used to guess
 * recovery codes offline. Changing that secret therefore also turns off everyone's two-step
 * sign-in in effect: an administrator resets it for each staff member, who sets it up again.
 */
export function deriveMfaKeys(serverSecret: string): MfaKeys {
  const encryptionKey = subkey(serverSecret, 'totp-secret-encryption');
  const recoveryKey = subkey(serverSecret, 'recovery-code-hmac');
  // The user id as additional data: a ciphertext copied onto another account does not decrypt.
  const boundTo = (userId: number) => Buffer.from(`staff_mfa:${userId}`);

  return {
    encryptSecret(userId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(boundTo(userId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
      return `${VERSION}.${sealed.toString('base64url')}`;
    },
    decryptSecret(userId, stored) {
      const [version, body] = stored.split('.');
      if (version !== VERSION || !body) return null;
      const sealed = Buffer.from(body, 'base64url');
      if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv(
          'aes-256-gcm',
          encryptionKey,
          sealed.subarray(0, IV_BYTES),
        );
        decipher.setAAD(boundTo(userId));
        decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    hashRecoveryCode(userId, code) {
      return createHmac('sha256', recoveryKey).update(`${userId}:${code}`).digest('hex');
    },
  };
}
