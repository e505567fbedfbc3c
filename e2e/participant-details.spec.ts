import type { Page } from '@playwright/test';
import {
  expect,
  login,
  searchList,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';

/** A seeded participant whose coach conversations mention chest pain. */
async function openParticipantWithChestPain(page: Page) {
  await login(page, 'CLINICIAN');
  await page.getByRole('link', { name: 'Coach' }).click();
  const table = page.getByRole('table', { name: 'Coach conversations' });
  await searchList(
    table,
    page.getByRole('searchbox', { name: 'Search conversations' }),
    'chest pain',
  );
  await table.getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('mark', { hasText: /chest pain/i }).first()).toBeVisible();
  await dialog.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);
}

test('participant details show every card with stored values and their dialogs', async ({
  page,
}) => {
  // Many cards and dialogs, then an axe scan of the whole page: that took 37 s on a loaded machine.
  test.slow();
  await openParticipantWithChestPain(page);
  await expect(page.getByText('Basic Information')).toBeVisible();
  await expect(page.getByText('Labs & Vitals').first()).toBeVisible();
  await expect(page.getByText('Home Health Telemetry').first()).toBeVisible();
  await expect(page.getByText('Survey Schedule').first()).toBeVisible();
  await expect(page.getByText(/conversation with coach/)).toBeVisible();

  const conversations = page.getByRole('table', { name: /conversation with coach/ });
  // The card shows the newest five; the chest pain one may be older.
  const showAll = page
    .getByRole('region', { name: /conversation with coach/ })
    .getByRole('button', { name: /^Show all/ });
  if ((await showAll.count()) > 0) await showAll.click();
  await conversations.getByRole('row').filter({ hasText: /chest/i }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('mark', { hasText: /chest pain/i }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'View full transcript' }).click();
  await expect(dialog.getByRole('button', { name: 'Close transcript' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  const nudges = page.getByRole('table', { name: /is receiving the following nudges/ });
  await nudges.getByRole('row').nth(1).click();
  const nudgeDialog = page.getByRole('dialog');
  await expect(nudgeDialog.getByRole('button', { name: 'Previous nudge' })).toBeDisabled();
  await nudgeDialog.getByRole('button', { name: 'Next nudge' }).click();
  await expect(nudgeDialog.getByRole('button', { name: 'Previous nudge' })).toBeEnabled();
  await nudgeDialog.getByRole('button', { name: 'Close' }).click();
  await expect(nudgeDialog).toBeHidden();

  const surveys = page.getByRole('table', { name: / surveys$/ });
  await surveys
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Submitted', exact: true }) })
    .first()
    .click();
  const surveyDialog = page.getByRole('dialog');
  await expect(surveyDialog.getByRole('radio', { checked: true }).first()).toBeVisible();
  await surveyDialog.getByRole('button', { name: 'Close' }).click();
  await expect(surveyDialog).toBeHidden();

  const name = page
    .locator('h2')
    .getByRole('button', { description: 'Click to view Digital Twin' });
  await name.click();
  const twin = page.getByRole('dialog');
  await expect(twin.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await twin.getByRole('tab', { name: 'Segments' }).click();
  await expect(twin.getByRole('tab', { name: 'Segments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(twin).toBeHidden();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
