import type { Page } from '@playwright/test';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';
import { scrollToSection } from './support/near-viewport';

/**
 * Opens participants from the top of the list until one has submitted survey scores (most
 * seeded participants past their PreOp survey have; invited ones and the newest have none).
 */
async function openParticipantWithSurveyScores(page: Page) {
  await login(page, 'CLINICIAN');
  const rows = page.getByRole('table', { name: 'Participants' }).getByRole('row');
  for (let index = 1; index <= 15; index += 1) {
    await expect(rows.nth(index)).toBeVisible();
    await rows.nth(index).click();
    await expect(page).toHaveURL(/\/participant-details\/\d+$/);
    // The section loads as it comes into view.
    const section = await scrollToSection(page, 'Outcome trends');
    const charted = section.getByRole('figure').first();
    const empty = section.getByText(/^No survey scores yet\./);
    await expect(charted.or(empty)).toBeVisible();
    if (await charted.isVisible()) return section;
    await page.goBack();
  }
  throw new Error('none of the first 15 participants has survey scores');
}

test('a clinician sees published scores against their MCID and PASS, with a summary', async ({
  page,
}) => {
  const section = await openParticipantWithSurveyScores(page);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(/minimal clinically important difference \(MCID/)).toBeVisible();

  const chart = section.getByRole('figure').first();
  const title = (await chart.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await expect(chart).toHaveAccessibleName(title);
  await expect(chart).toHaveAccessibleDescription(/^\d+ scores?[.;]/);
  // The scale and the thresholds with their sources.
  await expect(chart.getByText(/\(0–100, 100 = best\)|T-score, mean 50, SD 10/)).toBeVisible();
  await expect(chart.locator('.recharts-line').first()).toBeVisible();
  // Every number is also in a table for screen readers.
  const label = title.split(' · ')[0] ?? title;
  const table = chart.getByRole('table', {
    name: `${label}: scores against the MCID and PASS, and this clinic`,
  });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('rowheader', { name: 'PreOp' })).toBeAttached();

  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a clinician opens nudge effectiveness on the Nudges screen and it follows the period', async ({
  clinicianPage: page,
}) => {
  await page.getByRole('link', { name: 'Nudges' }).click();
  await expect(page.getByRole('table', { name: 'Nudges' })).toBeVisible();

  await page.getByRole('button', { name: 'Effectiveness' }).click();
  const chart = page.getByRole('figure', {
    name: 'Feedback and opens by nudge title (Internal participants)',
  });
  await expect(chart).toHaveAccessibleDescription(/nudges sent under \d+ titles up to today: /);
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const table = chart.getByRole('table', { name: 'Nudge effectiveness by title' });
  await expect(table.getByRole('columnheader', { name: 'Opened' })).toBeAttached();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);

  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // A period long before the demo data: nothing was sent then.
  await page.getByRole('button', { name: 'Filter' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter nudges' });
  await filters.getByLabel('Date from').fill('2001-01-01');
  await filters.getByLabel('Date to').fill('2001-01-31');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(chart).toHaveAccessibleDescription(
    'No nudges were sent from Jan 01, 2001 to Jan 31, 2001.',
  );
});
