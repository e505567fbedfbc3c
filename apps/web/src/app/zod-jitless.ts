import { config } from 'zod/v4/core';

// Zod 4 builds a faster object parser with `new Function`, probing once whether it may. The
// portal's CSP (script-src 'self', no 'unsafe-eval') blocks the probe: parsing still works, but
// the browser reports a CSP violation on every screen that validates. Jitless skips the probe
// and the compiled parser. A schema decides at construction, so this runs before any is built:
// main.tsx imports it first. Only zod's small config module is loaded here, not zod itself.
config({ jitless: true });
