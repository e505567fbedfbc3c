import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import type { LoginRequest } from '@recovery-portal/contract/account';
import { participantDetailsPath, WEB_ROUTES } from '@recovery-portal/contract/paths';

/** DESIGN §7: JavaScript of the first load of /login as Chromium loads it, gzipped. */
export const LOGIN_FIRST_LOAD_BUDGET_KB = 150;
/** The participant list, the screen a clinician opens all day, signed in and reloaded. */
export const PARTICIPANTS_FIRST_LOAD_BUDGET_KB = 200;
/** A participant's details page, signed in and reloaded: heavy sections load when needed. */
export const DETAILS_FIRST_LOAD_BUDGET_KB = 260;

/** Scripts Chromium fetched for one page load, dynamic imports included. */
export interface BrowserPageLoad {
  page: 'login' | 'participants' | 'details';
  path: string;
  scripts: number;
  /** Sum of each script gzipped (zlib's default level), KB = 1,024 bytes. */
  gzipKb: number;
  /** What went over the wire (the server sends the prebuilt Brotli files). */
  transferKb: number;
  /** The scripts, largest first: file name and gzip KB. */
  files: { file: string; gzipKb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function chromiumPath(): string | undefined {
  return [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (candidate): candidate is string => !!candidate && existsSync(candidate),
  );
}

/** Loads `go()` with the cache off and sums the scripts fetched until the network is quiet. */
async function scriptsOf(
  page: Page,
  name: BrowserPageLoad['page'],
  path: string,
  go: () => Promise<unknown>,
): Promise<BrowserPageLoad> {
  const fetched: { url: string; transfer: Promise<number> }[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    // With the cache off, a chunk both preloaded and imported can arrive twice; the page needs it
    // once, and with the cache on fetches it once.
    if (fetched.some(({ url }) => url === response.url())) return;
    fetched.push({
      url: response.url(),
      // What Chromium received: the prebuilt Brotli file's length.
      transfer: response
        .headerValue('content-length')
        .then((length) => Number(length ?? 0))
        .catch(() => 0),
    });
  };
  page.on('response', onResponse);
  await go();
  await page.waitForLoadState('networkidle');
  // Chunks a screen requests from an effect right after it renders.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  // The bodies are fetched again: Chromium drops those of a page it navigated away from.
  const scripts = await Promise.all(
    fetched.map(async ({ url, transfer }) => {
      const body = await (await page.request.get(url)).body();
      return {
        file: new URL(url).pathname.split('/').pop() ?? url,
        gzip: gzipSync(body).length,
        transfer: await transfer,
      };
    }),
  );
  return {
    page: name,
    path,
    scripts: scripts.length,
    gzipKb: kb(scripts.reduce((sum, s) => sum + s.gzip, 0)),
    transferKb: kb(scripts.reduce((sum, s) => sum + s.transfer, 0)),
    files: scripts
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => ({ file: s.file, gzipKb: kb(s.gzip) })),
  };
}

/**
 * The portal's first loads as Chromium performs them: /login in a fresh browser, then, signed
 * in as the clinician, a reload of /participants and of a participant's details page (a reload
 * keeps the tab's session and, with the cache off, fetches every script again).
 */
export async function measureFirstLoads(
  baseUrl: string,
  credentials: LoginRequest,
  participantId: number,
): Promise<BrowserPageLoad[]> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const loads: BrowserPageLoad[] = [];
    loads.push(await scriptsOf(page, 'login', WEB_ROUTES.login, () => page.goto(WEB_ROUTES.login)));
    await page.getByLabel('Email Id').fill(credentials.user_name);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== WEB_ROUTES.login);
    await page.goto(WEB_ROUTES.participants);
    loads.push(await scriptsOf(page, 'participants', WEB_ROUTES.participants, () => page.reload()));
    const details = participantDetailsPath(participantId);
    await page.goto(details);
    loads.push(await scriptsOf(page, 'details', details, () => page.reload()));
    return loads;
  } finally {
    await browser.close();
  }
}
