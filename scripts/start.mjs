// `npm start`: install what is missing, build what is stale, then run the server in this process
// (one PID, so Ctrl-C and process managers stop it directly).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';
import { root } from './lib.mjs';

await buildAll();
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
