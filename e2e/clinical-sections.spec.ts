import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  buildDicom,
  TRANSFER_SYNTAXES,
} from '../apps/server/src/features/imaging/imaging.fixtures';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';
import { scrollToSection } from './support/near-viewport';
import { closeSnackbar } from './support/snackbars';

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openFirstParticipant(page: Page, type: 'Internal' | 'Demo') {
  await login(page, 'CLINICIAN');
  if (type !== 'Internal') {
    await page.getByRole('tab', { name: type }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]type=${type}`));
  }
  const row = page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1);
  // A new tab shows its loading row, never the previous tab's rows (ADR 0024): a row with a
  // checkbox is one of this tab's participants.
  await expect(row.getByRole('checkbox')).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);
}

test('a clinician adds a surgery, uploads a DICOM image, sees its metadata and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openFirstParticipant(page, 'Internal');

  // The lower sections load as they come into view, as the clinician scrolls to them.
  await scrollToSection(page, 'Surgeries');
  await page.getByRole('button', { name: 'Add surgery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add surgery' });
  await choose(page, 'Procedure', 'Total knee replacement');
  await choose(page, 'Side', 'Left');
  await dialog.getByLabel('Surgery date').fill('2026-10-01');
  await dialog.getByLabel('Surgeon').fill('Dr. Ortega');
  await dialog.getByLabel('Hospital').fill('St. Example Hospital');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Surgeries' })).toContainText('Dr. Ortega');
  // It would sit over the imaging checks below.
  await closeSnackbar(page, 'Surgery added.');

  const folder = await mkdtemp(path.join(tmpdir(), 'rp-dicom-'));
  const file = path.join(folder, 'knee-ct.dcm');
  await writeFile(
    file,
    buildDicom({
      modality: 'CT',
      studyDescription: 'E2E knee study',
      seriesDescription: 'E2E axial',
      rows: 4,
      columns: 3,
    }),
  );
  await scrollToSection(page, 'Medical imaging');
  await page.getByLabel('Choose DICOM files').setInputFiles(file);
  await expect(page.getByText('E2E knee study')).toBeVisible();
  await expect(page.getByText('E2E axial')).toBeVisible();

  // The preview is fetched with the bearer token and really decodes as an image.
  const alt = "Preview of CT, series 'E2E axial', instance 7";
  const naturalWidth = (image: HTMLImageElement) => image.naturalWidth;
  const thumbnail = page.getByAltText(alt);
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate(naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Enlarge the preview of CT, series 'E2E axial'` }).click();
  const previewDialog = page.getByRole('dialog', { name: /CT, series 'E2E axial', instance 7/ });
  const enlarged = previewDialog.getByAltText(alt);
  await expect(enlarged).toBeVisible();
  await expect.poll(() => enlarged.evaluate(naturalWidth)).toBeGreaterThan(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await previewDialog.getByRole('button', { name: 'Close' }).click();
  await expect(previewDialog).toBeHidden();

  const compressed = path.join(folder, 'knee-j2k.dcm');
  await writeFile(
    compressed,
    buildDicom({ transferSyntax: TRANSFER_SYNTAXES.jpeg2000, seriesDescription: 'E2E J2K' }),
  );
  await page.getByLabel('Choose DICOM files').setInputFiles(compressed);
  const compressedRow = page.getByRole('row').filter({ hasText: 'E2E J2K' });
  await expect(compressedRow.getByText('No preview for compressed images')).toBeVisible();
  await compressedRow.getByRole('button', { name: /delete/i }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(compressedRow).toBeHidden();

  const imageRow = page.getByRole('row').filter({ hasText: 'E2E knee study' });
  await imageRow.getByRole('button', { name: /delete/i }).click();
  await expect(page.getByText('Delete this image?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('E2E knee study')).toBeHidden();

  const notDicom = path.join(folder, 'notes.txt');
  await writeFile(notDicom, 'not an image');
  await page.getByLabel('Choose DICOM files').setInputFiles(notDicom);
  await expect(page.getByText(/notes\.txt/).last()).toBeVisible();
  await expect(page.getByText(/not a DICOM/i).first()).toBeVisible();
});

test('a clinician records pain and sees it in the latest entries', async ({ page }) => {
  await openFirstParticipant(page, 'Internal');
  await scrollToSection(page, 'Pain');
  await page.getByRole('button', { name: 'Record pain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record pain' });
  await choose(page, 'Pain score (0–10)', '7');
  await choose(page, 'Body site', 'Left knee');
  await dialog.getByLabel('Note').fill('E2E pain after stairs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('E2E pain after stairs')).toBeVisible();
  await expect(page.getByText('Pain scores over time (last 30)')).toBeVisible();
});

test('a clinician enrols a Demo participant and their telemetry appears', async ({ page }) => {
  test.setTimeout(120_000);
  await openFirstParticipant(page, 'Demo');
  await scrollToSection(page, 'Simulation programme');
  await page
    .getByRole('button', { name: /^Enroll in / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByLabel('Current enrolment')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Home Health Telemetry').first()).toBeVisible();
  await expect(page.getByText('Steps').first()).toBeVisible();
});
