import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's dist/.vite/manifest.json. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  /** The route module, e.g. `login`. */
  route: string;
  /** Lazy chunk of the route plus its static imports that the entry does not already hold. */
  ownKb: number;
  /** Entry, its static imports, the route chunk and its static imports. */
  firstLoadKb: number;
  chunks: number;
}

export interface BundleReport {
  /** KB here are 1,024 bytes of gzip (zlib's default level) output. */
  unit: 'KiB gzip';
  entryKb: number;
  entryChunks: number;
  routes: RouteBundle[];
  loginFirstLoadKb: number;
  participantsFirstLoadKb: number;
  /** Route modules that are not a lazily loaded chunk of their own (should be none). */
  notLazy: string[];
  totalJavaScriptKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * JavaScript per route from a Vite build with `build.manifest`: every route module under
 * src/app/routes must be a dynamic entry (its own lazily loaded chunk) and not reachable from the
 * entry through static imports.
 */
export function analyseBundle(webDist: string, webSrc: string): BundleReport {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the portal with build.manifest enabled`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gzipped = (key: string) => {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) return 0;
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(webDist, file))).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipped(key), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entry = closure(entryKey);

  const routesDir = path.join(webSrc, 'app', 'routes');
  const routeFiles = readdirSync(routesDir)
    .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
    .sort();
  const srcPrefix = path.relative(path.dirname(webSrc), routesDir).split(path.sep).join('/');
  const routes: RouteBundle[] = [];
  const notLazy: string[] = [];
  for (const file of routeFiles) {
    const key = `${srcPrefix}/${file}`;
    const route = file.replace(/\.tsx$/, '');
    if (!manifest[key]?.isDynamicEntry || entry.has(key)) {
      notLazy.push(route);
      continue;
    }
    const own = [...closure(key)].filter((chunk) => !entry.has(chunk));
    routes.push({
      route,
      ownKb: kb(sum(own)),
      firstLoadKb: kb(sum(entry) + sum(own)),
      chunks: entry.size + own.length,
    });
  }
  const firstLoad = (route: string) => {
    const found = routes.find((candidate) => candidate.route === route);
    if (!found) throw new Error(`route module ${route}.tsx is missing or not lazily loaded`);
    return found.firstLoadKb;
  };
  return {
    unit: 'KiB gzip',
    entryKb: kb(sum(entry)),
    entryChunks: entry.size,
    routes,
    loginFirstLoadKb: firstLoad('login'),
    participantsFirstLoadKb: firstLoad('participants'),
    notLazy,
    totalJavaScriptKb: kb(sum(Object.keys(manifest))),
  };
}
