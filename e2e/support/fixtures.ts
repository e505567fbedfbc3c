import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { RESET_LINK_PARAMS } from '@recovery-portal/contract/paths';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../apps/server/src/demo/demo-accounts';
import { LINK_ANNOUNCEMENT_PREFIX } from '../../apps/server/src/mail/link-announcement';
import { E2E_SERVERS, type E2EServer } from './servers';

export type DemoRole = (typeof DEMO_ACCOUNTS)[number]['role'];

export function demoAccount(role: DemoRole) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return { ...account, password: DEMO_PASSWORD };
}

/** Signs in through the login screen, as a person would. */
export async function login(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  const account = demoAccount(role);
  await page.goto('/login');
  await page.getByLabel('Email Id').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Without SMTP a development server keeps each mail in its outbox and prints its set-password
 * link on a marked line of its own; the newest one for `email` is read back from the log of the
 * server under test.
 */
export async function latestActivationLink(email: string, server: E2EServer = E2E_SERVERS.main) {
  const log = await readFile(server.logFile, 'utf8');
  const links = log
    .split('\n')
    .filter((line) => line.startsWith(LINK_ANNOUNCEMENT_PREFIX))
    .map((line) => new URL(line.slice(LINK_ANNOUNCEMENT_PREFIX.length).trim()))
    .filter((link) => link.searchParams.get(RESET_LINK_PARAMS.userName) === email);
  const link = links.at(-1);
  if (!link) throw new Error(`no activation link for ${email} in ${server.logFile}`);
  return link;
}

/**
 * Searches a list with Enter and waits until the list shows the result. A list keeps its
 * previous rows on screen while the search is fetched, so a row taken right after Enter may
 * belong to the unfiltered list; the paginator's range ('1 – 25 of N') changes with the result.
 */
export async function searchList(table: Locator, searchbox: Locator, term: string) {
  const range = table
    .page()
    .getByRole('navigation', { name: 'Pagination' })
    .getByText(/of \d+$/);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const unfiltered = (await range.textContent()) ?? '';
  await searchbox.fill(term);
  await searchbox.press('Enter');
  await expect(range).not.toHaveText(unfiltered);
  await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** Serious or critical axe-core violations on the current page. */
export async function seriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A participant of the demo seed, open on their details page. */
export interface SeededParticipant {
  page: Page;
  id: number;
}

/**
 * `clinicianPage` and `administratorPage`: the test's page, signed in through the login screen
 * as the demo clinician or administrator, for specs that start where staff work.
 * `seededParticipant`: the clinician's page on the details of the list's first participant.
 */
export const test = base.extend<{
  clinicianPage: Page;
  administratorPage: Page;
  seededParticipant: SeededParticipant;
}>({
  clinicianPage: async ({ page }, use) => {
    await login(page, 'CLINICIAN');
    // The landing list has loaded: its first load shifts the layout under whatever is clicked.
    await expect(page.getByRole('table', { name: 'Participants' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await use(page);
  },
  administratorPage: async ({ page }, use) => {
    await login(page, 'ADMINISTRATOR');
    await use(page);
  },
  seededParticipant: async ({ clinicianPage: page }, use) => {
    await page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/participant-details\/\d+$/);
    await use({ page, id: Number(/\/participant-details\/(\d+)$/.exec(page.url())?.[1]) });
  },
});
export { expect };
