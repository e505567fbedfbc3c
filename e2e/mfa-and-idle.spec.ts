import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import { API_PATHS } from '../packages/contract/src/paths';
import {
  expect,
  latestActivationLink,
  login,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';

/**
 * A clinician of its own: turning two-step sign-in on for a demo account would change how every
 * other spec signs in.
 */
async function newClinician(page: Page): Promise<string> {
  const email = `mfa.clinician.${Date.now()}@clinic.example`;
  await login(page, 'ADMINISTRATOR');
  await page.getByRole('button', { name: 'ADD NEW CLINICIAN' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Tess Totp');
  await dialog.getByLabel('Email ID').fill(email);
  await dialog.getByLabel('Reg Id').fill(`REG-MFA-${Date.now()}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added clinician.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const link = await latestActivationLink(email);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(/confirm/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return email;
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a clinician turns on two-step sign-in and then signs in with a code from the app', async ({
  page,
}) => {
  const email = await newClinician(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Sign-in security' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in security' });
  await dialog.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(dialog.getByRole('img', { name: /QR code for Recovery Portal/ })).toBeVisible();
  expect(await seriousAccessibilityViolations(page), 'setup').toEqual([]);
  // What a phone's authenticator app does with the key shown for manual entry.
  const key = ((await dialog.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
  const app = new TOTP({ secret: Secret.fromBase32(key) });
  await dialog.getByLabel('Authentication code').fill(app.generate());
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recoveryCode = (await codes.getByRole('listitem').first().textContent()) ?? '';
  expect(recoveryCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog.getByText('Two-step sign-in is on')).toBeVisible();
  await expect(dialog.getByText('10 recovery codes left.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();

  // The password alone no longer signs in: the second step asks for the code.
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  const code = page.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await seriousAccessibilityViolations(page), 'code step').toEqual([]);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That code is not correct. Check your authenticator app and try again.'),
  ).toBeVisible();
  // The next time step's code: the one that turned it on was used up and is refused.
  await code.fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Participants' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  // Without the phone: a recovery code, which works once.
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('link', { name: 'Participants' })).toBeVisible();
});

test('after 15 minutes without activity the portal warns, then signs out and says why', async ({
  page,
}) => {
  // The browser's clock is driven by the test, so fifteen minutes pass in a moment.
  await page.clock.install();
  // The idle timer lives in a lazily loaded part of the layout that asks for the session policy
  // once it is running: time must not move before then.
  const timerRunning = page.waitForResponse((response) =>
    response.url().endsWith(API_PATHS.sessionPolicy),
  );
  await login(page, 'CLINICIAN');
  await expect(page.getByRole('link', { name: 'Participants' })).toBeVisible();
  await timerRunning;

  await page.clock.fastForward('14:01');
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/signed out in \d+ seconds/);
  expect(await seriousAccessibilityViolations(page), 'warning').toEqual([]);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();

  await page.clock.fastForward('14:01');
  await expect(warning).toBeVisible();
  const refreshToken = await page.evaluate(() => window.sessionStorage.getItem('refresh_token'));
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('You were signed out after 15 minutes without activity.'),
  ).toBeVisible();
  // The logout revoked the session on the server: its refresh token no longer renews it.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const refused = await page.request.post('/api/account/token', {
    data: { grant_type: 'refresh_token', refresh_token: refreshToken },
    headers: { 'X-XSRF-TOKEN': csrf?.value ?? '' },
  });
  expect(refused.status()).toBe(401);
});
