import type { Page } from '@playwright/test';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { E2E_IDENTITY_PROVIDER, E2E_SERVERS } from './support/servers';

const portal = E2E_SERVERS.sso.url;

test.beforeEach(async ({ context }) => {
  // The provider's development pages ask for a web font; nothing here leaves this machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

/** Clicks "Sign in with Clinic Login" and signs in on the provider's own page. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Sign in with Clinic Login' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_IDENTITY_PROVIDER.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a clinician signs in at the identity provider and lands on the participants screen; logout ends both sessions', async ({
  page,
}) => {
  await page.goto(`${portal}/login`);
  await expect(page.getByRole('link', { name: 'Sign in with Clinic Login' })).toBeVisible();
  // The password form is still offered (OIDC_ONLY is not set on this server).
  await expect(page.getByLabel('Email Id')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await signInAtProvider(page, 'clinician');
  await expect(page).toHaveURL(`${portal}/`);
  await expect(page.getByRole('link', { name: 'Participants' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const user = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('user') ?? 'null') as { user_name?: string } | null,
  );
  expect(user?.user_name).toBe('clinician@demo.test');

  // Logout passes through the provider's sign-out and comes back to the login page.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_IDENTITY_PROVIDER.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${portal}/login`);
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();

  // The provider's session ended too: signing in again asks for the login again.
  await page.getByRole('link', { name: 'Sign in with Clinic Login' }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test('a person without a portal account is refused with a sentence on the login page', async ({
  page,
}) => {
  await page.goto(`${portal}/login`);
  await signInAtProvider(page, 'stranger');
  await expect(page).toHaveURL(`${portal}/login?sso_error=unknown_account`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Single sign-on refused');
  await expect(alert).toContainText('No portal account matches your email address.');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('the main server, without OIDC, offers no single sign-on', async ({ page }) => {
  const options = page.waitForResponse((response) =>
    response.url().endsWith('/api/account/sign-in-options'),
  );
  await page.goto('/login');
  expect((await options).status()).toBe(200);
  await expect(page.getByLabel('Email Id')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
});
