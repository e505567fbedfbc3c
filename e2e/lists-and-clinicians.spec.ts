import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import {
  expect,
  latestActivationLink,
  login,
  searchList,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';

test('a clinician filters the nudges and exports exactly the filtered list', async ({
  clinicianPage: page,
}) => {
  await page.getByRole('link', { name: 'Nudges' }).click();
  const table = page.getByRole('table', { name: 'Nudges' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Filter' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('Status').selectOption('COMPLETED');
  await panel.getByLabel('Feedback').selectOption('THUMBS_UP');
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/nudge/list') && r.ok());
  await panel.getByRole('button', { name: 'Apply' }).click();
  const body = (await (await listed).json()) as { _data: { total_number_of_records: number } };
  const total = body._data.total_number_of_records;
  expect(total).toBeGreaterThan(0);
  // The screen opens on nudges delivered up to today: that date plus status and feedback.
  await expect(page.getByRole('button', { name: 'Filter 3 active' })).toBeVisible();
  for (const row of await table.getByRole('row').all()) {
    if (await row.getByRole('columnheader').count()) continue;
    await expect(row).toContainText('Completed');
  }

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  // Named after its filter (tab, status, feedback, dates), then the day.
  expect(download.suggestedFilename()).toMatch(
    /^nudges-internal-completed-thumbs-up(-[a-z0-9-]+)?-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toContain('Title');
  // Quoted cells may contain newlines, so count records by the status column instead of lines.
  expect(csv.match(/,COMPLETED,THUMBS_UP/g)?.length).toBe(total);
});

test('a clinician opens a nudge from the list and sees its details', async ({
  clinicianPage: page,
}) => {
  await page.getByRole('link', { name: 'Nudges' }).click();
  const firstRow = page.getByRole('table', { name: 'Nudges' }).getByRole('row').nth(1);
  const participant = (await firstRow.getByRole('cell').nth(2).textContent())?.trim() ?? '';
  expect(participant).not.toBe('');
  await firstRow.click();
  await expect(page).toHaveURL(/\/nudge-details\/\d+$/);
  const participantLink = page.getByRole('link', { name: participant });
  await expect(participantLink).toHaveAttribute('href', /\/participant-details\/\d+$/);
  await page.goto('/nudge-details/999999999');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

test('a clinician opens a coach conversation and sees chest pain flagged in red', async ({
  clinicianPage: page,
}) => {
  await page.getByRole('link', { name: 'Coach' }).click();
  const table = page.getByRole('table', { name: 'Coach conversations' });
  await searchList(
    table,
    page.getByRole('searchbox', { name: 'Search conversations' }),
    'chest pain',
  );
  await table.getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const mark = dialog.locator('mark', { hasText: /chest pain/i }).first();
  await expect(mark).toBeVisible();
  const colour = await mark.evaluate((element) => getComputedStyle(element).color);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  expect(r).toBeGreaterThan(150);
  expect(g).toBeLessThan(100);
  expect(b).toBeLessThan(100);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('an administrator adds a clinician who sets a password from the email and logs in', async ({
  page,
}) => {
  const email = `new.clinician.${Date.now()}@clinic.example`;
  await login(page, 'ADMINISTRATOR');
  await page.getByRole('button', { name: 'ADD NEW CLINICIAN' }).click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Name').fill('Nora Newman');
  await dialog.getByLabel('Email ID').fill(email);
  await dialog.getByLabel('Reg Id').fill(`REG-${Date.now()}`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Successfully added clinician.').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  const link = await latestActivationLink(email);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(/confirm/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Participants' })).toBeVisible();
});

test('the list screens have no serious accessibility violations', async ({
  clinicianPage: page,
}) => {
  for (const path of ['/', '/nudges', '/coach']) {
    await page.goto(path);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(await seriousAccessibilityViolations(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await login(page, 'ADMINISTRATOR');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await seriousAccessibilityViolations(page), '/admin/home').toEqual([]);
});
