import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_IDENTITY_PROVIDER, E2E_SERVERS, serverCommand } from './support/servers';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_SERVERS.main.url,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    ...Object.values(E2E_SERVERS).map((server) => ({
      command: serverCommand(server),
      url: `${server.url}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      cwd: '..',
    })),
    {
      command: 'node --import tsx e2e/support/identity-provider.ts',
      url: `${E2E_IDENTITY_PROVIDER.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      cwd: '..',
    },
  ],
});
