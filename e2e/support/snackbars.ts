import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Spec §9 snackbars stay for minutes: close the one just read, so it covers nothing below it.
 * The close button of that very snackbar is used (another may be on screen), and it is clicked
 * again if the snackbar is still there: once in a CI run a click that landed as the snackbar
 * finished sliding in left it open, and a clinician would simply click again.
 */
export async function closeSnackbar(page: Page, text: string) {
  const snackbar = page.locator('.notistack-MuiContent').filter({ hasText: text });
  await expect(snackbar).toBeVisible();
  await expect(async () => {
    if (await snackbar.isVisible()) {
      await snackbar.getByRole('button', { name: 'Close notification' }).click({ timeout: 2_000 });
    }
    await expect(snackbar).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}
