// `npm run bench`: install what is missing, build what is stale, then run the benchmark suite
// (bench/run.ts) against a copy of the build, so that a rebuild during the run (say, by a test
// run in another terminal) cannot change what is measured. `npm run bench -- --help` lists the
// options; `--bundle-only` reports the portal's JavaScript per route without any database.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { log, root } from './lib.mjs';

const startedAt = Date.now();
await buildAll();
const snapshot = path.join(root, 'bench-results', `.build-${process.pid}`);
rmSync(snapshot, { recursive: true, force: true });
for (const dir of ['apps/server/dist', 'apps/web/dist']) {
  cpSync(path.join(root, dir), path.join(snapshot, dir), { recursive: true });
}
// npm keeps a workspace's own copy of a package whose version differs from the hoisted one (or
// that nothing else uses) in that workspace's node_modules; the copied server must still find it.
const serverModules = path.join(root, 'apps/server/node_modules');
if (existsSync(serverModules)) {
  symlinkSync(serverModules, path.join(snapshot, 'apps/server/node_modules'), 'dir');
}
const buildSeconds = (Date.now() - startedAt) / 1000;
log(`Build ready in ${buildSeconds.toFixed(1)} s; running the benchmark…`);

const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'bench/run.ts',
    '--build-dir',
    snapshot,
    '--started-at',
    String(startedAt),
    '--build-seconds',
    String(buildSeconds),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl-C reaches the runner too (same process group); it stops its servers and databases, and
// this script removes the copy of the build once the runner has exited.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') child.kill('SIGTERM');
  });
}
child.on('exit', (code, signal) => {
  rmSync(snapshot, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
