import type { Locator, Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  login,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Participants' });

/** The cell under the column with this header, in a row of the participants table. */
async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await table(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a '${header}' column`).toBeGreaterThan(-1);
  return row.getByRole('cell').nth(index);
}

async function chooseNotReviewedIn(page: Page, choice: string) {
  await page.getByRole('combobox', { name: 'Not reviewed in' }).selectOption({ label: choice });
}

test('a clinician marks a participant reviewed; details and list show it and the filter leaves them out', async ({
  page,
}) => {
  const clinician = demoAccount('CLINICIAN');
  const reviewer = `${clinician.firstName} ${clinician.lastName}`;
  await login(page, 'CLINICIAN');
  const first = table(page).getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // The email is the line with an @, under the name and the identifiers.
  const email =
    (await (await cellUnder(page, first, 'Name')).innerText())
      .split('\n')
      .find((line) => line.includes('@'))
      ?.trim() ?? '';
  expect(email).toContain('@');
  await first.click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);

  const status = page.getByRole('region', { name: 'Review and data status' });
  await expect(status).toBeVisible();
  // The data connection is always stated: when data last came, or a warning that it stopped.
  await expect(
    status.getByText(/^(Data last received|No data for \d+ days|No data yet)/),
  ).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText('Participant marked as reviewed.').first()).toBeVisible();
  await expect(status).toContainText(new RegExp(`Last reviewed .+ by ${reviewer}`));

  // The list shows the review on the participant's row.
  await page.goto(`/participants?search=${encodeURIComponent(email)}`);
  const row = table(page).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(await cellUnder(page, row, 'Last Reviewed')).toContainText(`by ${reviewer}`);

  // Reviewed just now: 'Not reviewed in 7 days' leaves them out, Any brings them back.
  await chooseNotReviewedIn(page, '7 days');
  await expect(page).toHaveURL(/notReviewed=7/);
  await expect(table(page).getByText('No data available')).toBeVisible();
  await chooseNotReviewedIn(page, 'Any');
  await expect(page).not.toHaveURL(/notReviewed=/);
  await expect(table(page).getByRole('row').filter({ hasText: email })).toHaveCount(1);

  // Without a search, the filter still lists those nobody reviewed, never-reviewed ones included.
  await page.goto('/participants?notReviewed=7');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect(table(page).getByRole('row').nth(1)).toContainText('Never');
});

test('sorted by open flags, the most severe flag comes first with a named indicator', async ({
  clinicianPage: page,
}) => {
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Open flags (most severe first)' });
  await expect(page).toHaveURL(/orderBy=open_flags&orderDirection=desc/);

  // The demo seed pins flagged conversations on a few participants of random types.
  let indicator: Locator | null = null;
  for (const tab of ['Internal', 'Pilot', 'Demo']) {
    await page.getByRole('tab', { name: tab }).click();
    const first = table(page).getByRole('row').nth(1);
    await expect(first).toBeVisible();
    const candidate = first.getByRole('img', { name: /^\d+ open flags?, most severe \w+$/ });
    if ((await candidate.count()) > 0) {
      indicator = candidate;
      break;
    }
  }
  expect(indicator, 'a participant with an open flag on some tab').not.toBeNull();
  await expect(indicator as Locator).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
