// Builds what is stale: the portal with Vite, the server into one ESM bundle with esbuild.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { digestOf, log, readStamp, root, run } from './lib.mjs';

const shared = ['package-lock.json', 'tsconfig.base.json', 'packages/contract'];
const targets = {
  web: {
    inputs: [...shared, 'apps/web'],
    stamp: path.join(root, 'apps/web/dist/.build-stamp'),
    build: () =>
      run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']),
  },
  server: {
    inputs: [...shared, 'apps/server/src', 'apps/server/package.json'],
    stamp: path.join(root, 'apps/server/dist/.build-stamp'),
    build: buildServer,
  },
};

async function buildServer() {
  const { build } = await import('esbuild');
  const outdir = path.join(root, 'apps/server/dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // Bundle our own workspace code (the contract is TypeScript, `#app/…` the server's own
        // subpath imports); leave npm packages external.
        name: 'externalise-dependencies',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./#]/ }, (args) =>
            args.path.startsWith('@recovery-portal/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
}

export async function buildAll({ force = false } = {}) {
  ensureInstall();
  for (const [name, target] of Object.entries(targets)) {
    const digest = digestOf(target.inputs);
    if (!force && readStamp(target.stamp) === digest) continue;
    log(`Building ${name}…`);
    await target.build();
    mkdirSync(path.dirname(target.stamp), { recursive: true });
    writeFileSync(target.stamp, digest);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildAll({ force: process.argv.includes('--force') });
}
