import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import { demoAccount, expect, latestActivationLink, login, test } from './support/fixtures';

/** The free failures of one account at one address (LOGIN_MAX_FAILURES_PER_ACCOUNT default). */
const FREE_FAILURES = 5;

async function tryPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a guessed-at account waits, an administrator clears the wait and the owner signs in at once', async ({
  page,
}) => {
  const clinician = demoAccount('CLINICIAN');
  for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
    await tryPassword(page, clinician.email, `wrong-guess-${attempt}`);
    await expect(page.getByText('Invalid password')).toBeVisible();
  }
  // Past the free failures even the right password waits (no lock: it ends by itself).
  await tryPassword(page, clinician.email, DEMO_PASSWORD);
  await expect(page.getByText(MESSAGES.account.tooManyAttempts)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, 'ADMINISTRATOR');
  const throttles = page.getByRole('table', { name: 'Sign-in throttles' });
  const row = throttles.getByRole('row').filter({ hasText: clinician.email });
  await expect(row).toContainText(String(FREE_FAILURES));
  await expect(row).toContainText('Waits until');
  await row
    .getByRole('button', { name: `Clear the failed sign-ins of ${clinician.email}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, 'CLINICIAN');
  await expect(page).toHaveURL(/\/$/);
});

test('a new password that is easy to guess is refused, saying why, and a strong one is taken', async ({
  page,
}) => {
  const account = demoAccount('CLINICIAN');
  await page.goto('/reset-password');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByRole('button', { name: 'SEND OTP' }).click();
  await expect(page.getByText('Activation code sent successfully')).toBeVisible();
  const link = await latestActivationLink(account.email);
  await page.goto(`${link.pathname}${link.search}`);

  const newPassword = page.getByLabel('New Password', { exact: true });
  await newPassword.fill('password1234');
  await page.getByLabel(/confirm/i).fill('password1234');
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(newPassword).toHaveAccessibleDescription(
    PASSWORD_POLICY_MESSAGES.weak('it is close to a commonly used password'),
  );
  // The server refuses it too, whatever the screen lets through, and the code stays usable.
  const direct = await page.request.post('/api/account/signup', {
    data: {
      user_name: account.email,
      login_code: link.searchParams.get('login_code'),
      password: '12345678',
    },
    headers: { 'x-xsrf-token': await xsrf(page) },
  });
  expect(direct.status()).toBe(400);

  await newPassword.fill(DEMO_PASSWORD);
  await page.getByLabel(/confirm/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByText('Password set successfully')).toBeVisible();
});

async function xsrf(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
}

test('the built portal keeps answers out of caches, refuses framing and serves no source maps', async ({
  page,
}) => {
  const api = await page.request.get('/api/account/session-policy');
  expect(api.headers()['cache-control']).toBe('no-store');

  const portal = await page.request.get('/login');
  expect(portal.headers()['x-frame-options']).toBe('DENY');
  expect(portal.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Plain HTTP here: HSTS would be ignored or pin a wrong origin.
  expect(portal.headers()['strict-transport-security']).toBeUndefined();

  const assets = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../apps/web/dist/assets',
  );
  const map = readdirSync(assets).find((name) => name.endsWith('.js.map'));
  expect(map, 'the build writes source maps for the operator').toBeTruthy();
  const script = await page.request.get(`/assets/${map?.replace(/\.map$/, '')}`);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toContain('immutable');
  const sourceMap = await page.request.get(`/assets/${map}`);
  expect(sourceMap.status()).toBe(404);

  const docs = await page.request.get('/api/docs/json');
  expect(docs.status()).toBe(401);
});
