import type { Page } from '@playwright/test';
import { expect, login, test } from './support/fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Participants' });

test('a clinician invites a participant, finds them under Invited and sends a reminder', async ({
  page,
}) => {
  const email = `invitee.${Date.now()}@example.org`;
  await login(page, 'CLINICIAN');
  await page.getByRole('button', { name: 'Invite New Participant' }).click();
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Send Invitation' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Name').fill('Ines Invitee');
  await dialog.getByLabel('Email Id').fill(email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Successfully added a new user.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Invited', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search participants' }).fill(email);
  await page.getByRole('searchbox', { name: 'Search participants' }).press('Enter');
  const row = table(page).getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(page.getByText('Reminder sent successfully.').first()).toBeVisible();
  await expect(row.getByText(/Remind again in \d+ Days/)).toBeVisible();
  // The reminder did not open the row.
  await expect(page).toHaveURL(/\/(participants)?\?/);
});

test('a clinician suspends and reactivates an active participant from their details', async ({
  clinicianPage: page,
}) => {
  const firstRow = table(page).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);
  await page.getByRole('button', { name: 'Suspend Participant' }).click();
  await expect(page.getByText('Do you want to suspend this account?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully suspended the participant.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Participant' }).click();
  await expect(page.getByText('Reactivated successfully.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend Participant' })).toBeVisible();
});

test('a clinician deletes a participant after one confirmation', async ({
  clinicianPage: page,
}) => {
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const row = table(page).getByRole('row').nth(1);
  // Cells: selection, flags, name (with the birth date, record number and email under it).
  const name = (await row.getByRole('cell').nth(2).innerText()).split('\n')[0]?.trim() ?? '';
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete Selected Participant' }).click();
  await expect(page.getByText('Do you want to delete this account?')).toBeVisible();
  await expect(page.getByText('This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully deleted the participant.').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search participants' }).fill(name);
  await page.getByRole('searchbox', { name: 'Search participants' }).press('Enter');
  await expect(table(page).getByText('No data available')).toBeVisible();
});

test('a clinician searches, sorts and pages through the seeded list', async ({
  clinicianPage: page,
}) => {
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^1 – 15 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/^16 – 30 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByText(/^16 – 30 of \d+$/)).toBeVisible();

  // Sorting by sessions, most first: the counts on the page only go down.
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Sessions in 7 days (most first)' });
  await expect(page).toHaveURL(/orderBy=active_session_count/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/^1 – 15 of \d+$/)).toBeVisible();
  // The rows refresh after the URL changes, so check until the new order is on screen.
  await expect(async () => {
    const sessionCounts = await table(page)
      .getByRole('row')
      .evaluateAll((rows) =>
        // Cells: selection, flags, name and email, group, tracker, last seen, sessions.
        rows.slice(1).map((row) => Number(row.querySelectorAll('td')[6]?.textContent ?? 'NaN')),
      );
    expect(sessionCounts).toHaveLength(15);
    expect(sessionCounts).toEqual([...sessionCounts].sort((a, b) => b - a));
  }).toPass();

  const firstName =
    (await table(page).getByRole('row').nth(1).getByRole('cell').nth(2).innerText())
      .split('\n')[0]
      ?.trim() ?? '';
  const term = firstName.split(' ')[0]?.slice(0, 4) ?? '';
  await page.getByRole('searchbox', { name: 'Search participants' }).fill(term);
  await page.getByRole('searchbox', { name: 'Search participants' }).press('Enter');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(async () => {
    const rows = await table(page).getByRole('row').allTextContents();
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row).toMatch(new RegExp(term, 'i'));
  }).toPass();
});
