import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runDir = path.join(repoRoot, 'test-results', 'e2e-servers');

export interface E2EServer {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  logFile: string;
  env: Record<string, string>;
}

function server(name: string, port: number, env: Record<string, string> = {}): E2EServer {
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir: path.join(runDir, name, 'data'),
    logFile: path.join(runDir, name, 'server.log'),
    env,
  };
}

const basePort = Number(process.env.E2E_PORT ?? 3210);

/**
 * The OpenID Connect provider the single sign-on server signs in at (identity-provider.ts,
 * started by Playwright beside the portal servers).
 */
export const E2E_IDENTITY_PROVIDER = {
  port: basePort + 5,
  issuer: `http://127.0.0.1:${basePort + 5}`,
  clientId: 'recovery-portal-e2e',
  clientSecret: 'e2e-client-secret-0123456789abcdef',
} as const;

/**
 * Each run starts the built server exactly as `npm start` does, on a fresh DATA_DIR. The second
 * server has 3-second access tokens so that the refresh path runs for real; the third offers
 * single sign-on with the test identity provider.
 */
export const E2E_SERVERS = {
  main: server('main', basePort),
  shortTokens: server('short-tokens', basePort + 1, {
    ACCESS_TOKEN_TTL_SECONDS: '3',
  }),
  sso: server('sso', basePort + 2, {
    OIDC_ISSUER: E2E_IDENTITY_PROVIDER.issuer,
    OIDC_CLIENT_ID: E2E_IDENTITY_PROVIDER.clientId,
    OIDC_CLIENT_SECRET: E2E_IDENTITY_PROVIDER.clientSecret,
    OIDC_NAME: 'Clinic Login',
  }),
} as const;

export function serverCommand(target: E2EServer): string {
  const env = {
    NODE_ENV: 'development',
    PORT: String(target.port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    PUBLIC_URL: target.url,
    LOG_LEVEL: 'info',
    ...target.env,
  };
  const assignments = Object.entries(env)
    .map(([key, value]) => `${key}='${value}'`)
    .join(' ');
  const dir = path.dirname(target.logFile);
  // exec: the shell becomes the server, so stopping it stops the server.
  return `sh -c "rm -rf '${dir}' && mkdir -p '${dir}' && exec env ${assignments} node apps/server/dist/server.js > '${target.logFile}' 2>&1"`;
}
