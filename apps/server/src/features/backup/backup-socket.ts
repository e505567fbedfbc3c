import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * PGlite belongs to the one server process that opened DATA_DIR, so `npm run backup` cannot
 * open it while the server runs: it asks the server instead, over a Unix socket inside
 * DATA_DIR/run (a folder only the owner may enter, so only who can read DATA_DIR anyway can ask).
 * The client sends "BACKUP\n"; the server answers "OK\n" and the archive, or "ERR <sentence>\n".
 * The archive crosses the socket unencrypted: the client encrypts it with its BACKUP_KEY, so
 * the server needs no key for backups on request.
 */
const REQUEST = 'BACKUP\n';
/** Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux). */
const MAX_SOCKET_PATH_BYTES = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'backup.sock');
}

export function socketPathFits(socketPath: string): boolean {
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES;
}

interface SocketLogger {
  info(details: object, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

/** Serves backups on the socket until the returned function closes it. */
export async function serveBackupRequests(
  dataDir: string,
  takeBackup: (out: Writable) => Promise<unknown>,
  logger: SocketLogger,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  // The caller holds DATA_DIR's lock: a socket file here is a dead server's.
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('latin1');
      if (request.length < REQUEST.length) return;
      socket.off('data', onData);
      socket.pause();
      if (!request.startsWith(REQUEST)) {
        socket.end('ERR The request was not understood.\n');
        return;
      }
      const started = Date.now();
      socket.write('OK\n');
      takeBackup(socket).then(
        () => logger.info({ ms: Date.now() - started }, 'Backup on request written'),
        (err: unknown) => {
          logger.error({ err }, 'Backup on request failed');
          // The client sees an incomplete archive and keeps nothing.
          socket.destroy();
        },
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** Strips the server's answer line, failing with its sentence when it is not "OK". */
function answerLine(): Transform {
  let head = Buffer.alloc(0);
  let passed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passed) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(0x0a);
      if (end < 0) return callback(head.length > 4096 ? new Error('no answer') : null);
      const line = head.subarray(0, end).toString('utf8');
      if (line !== 'OK') return callback(new Error(line.replace(/^ERR /, '').slice(0, 300)));
      passed = true;
      callback(null, head.subarray(end + 1));
    },
  });
}

/** Asks the server holding DATA_DIR for a backup and streams it into `out`. */
export async function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = net.connect(backupSocketPath(dataDir));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(REQUEST);
  await pipeline(socket, answerLine(), out);
}
