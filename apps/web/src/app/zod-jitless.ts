// Zod 4 builds a faster object parser with `new Function`, probing once whether it may. The
// portal's CSP (script-src 'self', no 'unsafe-eval') blocks the probe: parsing still works, but
// the browser reports a CSP violation on every screen that validates. Jitless mode skips the
// probe and the compiled parser, and a schema decides at construction, so main.tsx runs this
// before any schema is built. Zod keeps its settings (`z.config()`) in this global object so
// that every copy of zod shares them; setting it here rather than calling z.config() keeps zod
// itself out of the first load (DESIGN §7). zod-jitless.test.ts checks zod reads this object.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
