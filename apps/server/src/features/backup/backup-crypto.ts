import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupArchiveError } from './backup-format';

/**
 * Every archive is an age file (age-encryption.org/v1) sealed with the BACKUP_KEY passphrase
 * (docs/decisions/0017-backups.md): scrypt derives the key, the header carries an HMAC, and the
 * payload is ChaCha20-Poly1305 in 64 KiB chunks whose last one is marked as last. A changed
 * byte, a cut, or an archive written without the key fails to open.
 */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

/** age's own default: about a second and 256 MiB once for each archive written or read. */
const SCRYPT_WORK_FACTOR = 18;

/** A new random BACKUP_KEY: 256 bits, URL-safe, 43 characters. */
export function generateBackupKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Encrypts what `produce` writes (the plaintext tar.gz, which never touches a disk) into `out`.
 * `workFactor` is scrypt's log2 cost; only tests lower it, and a reader takes it from the file.
 */
export async function sealBackup(
  key: string,
  out: Writable,
  produce: (plain: Writable) => Promise<unknown>,
  options: { workFactor?: number } = {},
): Promise<void> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(key);
  encrypter.setScryptWorkFactor(options.workFactor ?? SCRYPT_WORK_FACTOR);
  const plain = new PassThrough();
  const sealed = await encrypter.encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>);
  await Promise.all([
    produce(plain).catch((error: unknown) => {
      plain.destroy(error as Error);
      throw error;
    }),
    pipeline(Readable.fromWeb(sealed), out),
  ]);
}

async function startsWithMagic(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw new BackupArchiveError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  });
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(AGE_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The plaintext archive inside `file`, decrypted as it is read. The header is checked before
 * this resolves; the content chunk by chunk, the end (nothing cut off) last: whoever reads the
 * stream must read it to its end before trusting anything it gave.
 */
export async function openBackup(file: string, key: string): Promise<Readable> {
  if (!(await startsWithMagic(file))) {
    throw new BackupArchiveError(
      `${file} is not an encrypted Recovery Portal backup; an unencrypted or foreign archive is refused.`,
    );
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(key);
  const source = createReadStream(file);
  let plain: AsyncIterable<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  } catch {
    source.destroy();
    throw new BackupArchiveError(
      `${file} does not open with this BACKUP_KEY: it was encrypted with another key, or its header is damaged or cut short.`,
    );
  }
  async function* authenticated() {
    try {
      yield* plain;
    } catch {
      throw new BackupArchiveError(
        `${file} is damaged, cut short or altered: its content does not authenticate with BACKUP_KEY.`,
      );
    }
  }
  return Readable.from(authenticated(), { objectMode: false });
}
