import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Collects every CSP violation the page reports (the `securitypolicyviolation` event fires even
 * when the page catches the blocked call, as zod's eval probe does) and every console line
 * about one.
 */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text())) {
      consoleLines.push(message.text());
    }
  });
  return {
    consoleLines,
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations),
  };
}

test('signing in and validating forms on data screens reports no CSP violation (no eval)', async ({
  page,
}) => {
  const csp = await watchCsp(page);

  // The login form's validation (zod) loads once the user types; a refused sign-in shows its
  // field message, so the form's schema has parsed both ways.
  await page.goto('/login');
  // An unknown account is refused exactly like a wrong password, without counting against the
  // clinician whose refused sign-ins security.spec counts.
  await page.getByLabel('Email Id').fill('nobody@recovery-portal.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid password')).toBeVisible();
  expect(await csp.violations()).toEqual([]);

  await login(page, 'CLINICIAN');
  const participants = page.getByRole('table', { name: 'Participants' });
  await expect(participants.getByRole('row').nth(1)).toBeVisible();
  // A form validated by a contract object schema, on a data screen.
  await page.getByRole('button', { name: 'Invite New Participant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email Id').fill('not-an-email');
  await dialog.getByLabel('Name').fill('Ines');
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await participants.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);
  await expect(page.getByText('Basic Information')).toBeVisible();

  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleLines).toEqual([]);
});
