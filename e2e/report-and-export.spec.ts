import { readFile } from 'node:fs/promises';
import { OUTCOME_EXPORT_HEADER } from '@recovery-portal/contract/cohort-export';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';
import { drawPartsLoadedNearViewport } from './support/near-viewport';

test('a clinician downloads the recovery report of a participant as a PDF', async ({
  seededParticipant: { page, id: participantId },
}) => {
  // The sections load and fade in as they come into view: axe judges the settled page.
  await drawPartsLoadedNearViewport(page);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect.poll(() => seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF on A4' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^recovery-report-${participantId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Text, tables, a chart and the embedded font: far more than an empty page.
  expect(pdf.length).toBeGreaterThan(20_000);
  await expect(page.getByText(/^Report downloaded as recovery-report-\d+-/)).toBeVisible();
});

test('a clinician narrows the list to a cohort and exports its outcome scores', async ({
  clinicianPage: page,
}) => {
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Internal participants are all in the CZ group; the programme groups are Pilot and Demo.
  await page.getByRole('tab', { name: 'Pilot' }).click();
  await page.getByRole('button', { name: 'All' }).click();

  const cohort = page.getByRole('group', { name: 'Cohort' });
  // The demo's knee patients have had surgery and answered the KOOS JR.
  const groupName = 'Knee Recovery';
  await cohort.getByRole('combobox', { name: 'Group' }).selectOption({ label: groupName });
  await expect(page).toHaveURL(
    new RegExp(`group=${encodeURIComponent(groupName).replace(/%20/g, '(\\+|%20)')}`),
  );
  await cohort
    .getByRole('combobox', { name: 'Programme' })
    .selectOption({ label: 'Knee replacement programme' });
  await expect(page).toHaveURL(/programme=KNEE/);
  await cohort.getByLabel('Surgery to').fill(new Date().toISOString().slice(0, 10));
  await expect(page).toHaveURL(/surgeryTo=\d{4}-\d{2}-\d{2}/);
  await expect(table).toHaveAttribute('aria-busy', 'false');

  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export outcomes (CSV)' }).click();
  const download = await downloading;
  // Named after the filter: tab, group, programme and surgery days, then the day.
  expect(download.suggestedFilename()).toMatch(
    /^outcome-scores-pilot-group-[a-z0-9-]+-knee-surgery-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(header).toBe(OUTCOME_EXPORT_HEADER.join(','));
  const typeColumn = OUTCOME_EXPORT_HEADER.indexOf('participant_type');
  const programmeColumn = OUTCOME_EXPORT_HEADER.indexOf('programme');
  // The demo's patients of this group who had surgery have submitted questionnaires.
  expect(lines.length).toBeGreaterThan(0);
  const groupColumn = OUTCOME_EXPORT_HEADER.indexOf('group');
  for (const line of lines.slice(0, 20)) {
    expect(line.split(',')[groupColumn]).toBe(groupName);
    expect(line.split(',')[typeColumn]).toBe('Pilot');
    expect(line.split(',')[programmeColumn]).toBe('KNEE');
  }
});

test('the cohort filter and the export fit a 390 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'CLINICIAN');
  // On a phone the list's filters fold behind one Filters button.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const cohort = page.getByRole('group', { name: 'Cohort' });
  await expect(cohort.getByRole('combobox', { name: 'Group' })).toBeVisible();
  await expect(cohort.getByLabel('Surgery from')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export outcomes (CSV)' })).toBeVisible();
  const overflow = await cohort.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
