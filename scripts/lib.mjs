// Helpers for the repo scripts. Only Node built-ins here: these run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m›\x1b[0m ${message}\n`);
}

/** Runs a command in the repo root, inheriting the terminal; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(
      `\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`,
    );
    process.exit(result.status ?? 1);
  }
}

/** Runs one command with its output kept; resolves to { status, output }. */
function runCaptured(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({ status: status ?? signal, output: Buffer.concat(chunks).toString() }),
    );
  });
}

/**
 * Runs `lanes` side by side, each lane's steps ({ title, command, args }) in order until one
 * fails, so checks that use one core each share the machine's cores. Once every lane is done,
 * each step's output is printed whole under its title, lane by lane; then the script exits if
 * any step failed.
 */
export async function runLanes(lanes) {
  const finished = await Promise.all(
    lanes.map(async (steps) => {
      const done = [];
      for (const step of steps) {
        const result = await runCaptured(step.command, step.args);
        done.push({ step, result });
        if (result.status !== 0) break;
      }
      return done;
    }),
  );
  let failed = null;
  for (const { step, result } of finished.flat()) {
    log(step.title);
    process.stdout.write(result.output);
    if (result.status !== 0) {
      process.stdout.write(
        `\n✖ ${step.command} ${step.args.join(' ')} failed (exit ${result.status})\n`,
      );
      failed ??= typeof result.status === 'number' ? result.status : 1;
    }
  }
  if (failed !== null) process.exit(failed);
}

function collectFiles(entry, out) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isFile()) {
    out.push(entry);
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    collectFiles(path.join(entry, name), out);
  }
}

/** A digest of the files under the given repo-relative paths: the input of a build step. */
export function digestOf(relativePaths) {
  const hash = createHash('sha256');
  const files = [];
  for (const relative of relativePaths) collectFiles(path.join(root, relative), files);
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function readStamp(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
