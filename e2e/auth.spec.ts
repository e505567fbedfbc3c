import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import {
  demoAccount,
  expect,
  latestActivationLink,
  login,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';
import { E2E_SERVERS } from './support/servers';

test('a clinician logs in and lands on the participants screen', async ({
  clinicianPage: page,
}) => {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Participants' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('tab', { name: 'Internal' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const session = await page.evaluate(() => ({
    access: sessionStorage.getItem('access_token'),
    refresh: sessionStorage.getItem('refresh_token'),
    user: JSON.parse(sessionStorage.getItem('user') ?? 'null') as { role?: string } | null,
  }));
  expect(session.access).toBeTruthy();
  expect(session.refresh).toBeTruthy();
  expect(session.user?.role).toBe('CLINICIAN');
});

test('an administrator logs in and lands on the clinicians screen', async ({
  administratorPage: page,
}) => {
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: 'Clinicians' })).toBeVisible();
});

test('a wrong password shows Invalid password on the password field', async ({ page }) => {
  await page.goto('/login');
  // Not the clinician: security.spec counts that account's refused sign-ins from a clean slate.
  await page.getByLabel('Email Id').fill(demoAccount('ADMINISTRATOR').email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unauthenticated visitor is sent to the login screen', async ({ page }) => {
  for (const path of [
    '/',
    '/participants',
    '/nudges',
    '/coach',
    '/admin/home',
    '/participant-details/1',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('a clinician opening the administrator screen is logged out and denied', async ({
  clinicianPage: page,
}) => {
  await page.goto('/admin/home');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('401')).toBeVisible();
  await expect(page.getByText('UNAUTHORIZED')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
});

test('reloading a deep link keeps the app and the session', async ({ clinicianPage: page }) => {
  await page.goto('/nudges');
  await page.reload();
  await expect(page).toHaveURL(/\/nudges$/);
  await expect(page.getByRole('link', { name: 'Nudges' })).toHaveAttribute('aria-current', 'page');
  const response = await page.request.get('/api/this-does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ _success: false, error: { code: 'NOT_FOUND' } });
});

test('logout clears the session and returns to login', async ({ clinicianPage: page }) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user resets their password with the emailed code', async ({ page }) => {
  const account = demoAccount('ADMINISTRATOR');
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByRole('button', { name: 'SEND OTP' }).click();
  await expect(page.getByText('Activation code sent successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();

  const link = await latestActivationLink(account.email);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
  const code = page.getByLabel(/activation code/i);
  await expect(code).toHaveValue(link.searchParams.get('login_code') ?? '');
  await expect(code).toHaveAttribute('readonly', '');
  // Set the same password again so that the other tests keep working.
  await page.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(/confirm/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByText('Password set successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, 'ADMINISTRATOR');
  await expect(page).toHaveURL(/\/admin\/home$/);
  // The code works once.
  const reuse = await page.request.post('/api/account/signup', {
    headers: { 'x-xsrf-token': await xsrf(page) },
    data: {
      user_name: account.email,
      login_code: link.searchParams.get('login_code'),
      password: DEMO_PASSWORD,
    },
  });
  expect(reuse.status()).toBe(422);
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  test.setTimeout(90_000);
  const base = E2E_SERVERS.shortTokens.url;
  await page.goto(`${base}/login`);
  await page.getByLabel('Email Id').fill(demoAccount('CLINICIAN').email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${base}/`);
  const before = await page.evaluate(() => sessionStorage.getItem('refresh_token'));
  await page.waitForTimeout(4_500);
  // Any authenticated call now meets a 401, refreshes once and is retried.
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/token') && r.status() === 200,
  );
  await page.getByRole('link', { name: 'Nudges' }).click();
  await refreshed;
  await expect(page).toHaveURL(`${base}/nudges`);
  const after = await page.evaluate(() => sessionStorage.getItem('refresh_token'));
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});

test('the public screens have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/reset-password', '/unauthorized', '/how-to-delete-account']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page), path).toEqual([]);
  }
});

test('the delete-account help page explains the steps without logging in', async ({ page }) => {
  await page.goto('/how-to-delete-account');
  await expect(page.getByText(/Profile/).first()).toBeVisible();
  await expect(page.getByText(/Delete Account/).first()).toBeVisible();
  await expect(page.getByText(/90 days/)).toBeVisible();
  await expect(page.getByRole('link', { name: /privacy policy/i })).toBeVisible();
});

async function xsrf(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
}
