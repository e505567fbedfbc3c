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
 * JavaScript per route from a Vite build with `build.manifest` and source maps: every route
 * module under src/app/routes must be in a lazily loaded chunk (its own, or a chunk group of the
 * build such as the sign-in page's) that the entry does not reach through static imports.
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

  // The modules a chunk's source map lists, as paths from the portal's folder (`src/app/…`)
  // like the manifest's keys.
  const sourcesCache = new Map<string, string[]>();
  const sourcesOf = (file: string) => {
    let sources = sourcesCache.get(file);
    if (sources === undefined) {
      const mapFile = path.join(webDist, `${file}.map`);
      const map = existsSync(mapFile)
        ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] })
        : { sources: [] };
      sources = map.sources.map((source) =>
        path
          .relative(path.dirname(webDist), path.resolve(path.dirname(mapFile), source))
          .split(path.sep)
          .join('/'),
      );
      sourcesCache.set(file, sources);
    }
    return sources;
  };
  // Which chunk holds a module: its own manifest key, else the chunk whose source map lists it.
  const chunkHolding = (key: string) => {
    if (manifest[key]) return key;
    return Object.keys(manifest).find((candidate) => {
      const file = manifest[candidate]?.file;
      return file?.endsWith('.js') === true && sourcesOf(file).includes(key);
    });
  };

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
    const route = file.replace(/\.tsx$/, '');
    const key = chunkHolding(`${srcPrefix}/${file}`);
    if (!key || entry.has(key)) {
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
