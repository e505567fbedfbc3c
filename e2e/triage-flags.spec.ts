import type { Locator, Page } from '@playwright/test';
import { expect, seriousAccessibilityViolations, test } from './support/fixtures';

/**
 * The open chest-pain flags of the first participant-type tab that has one: the demo seed pins a
 * chest-pain conversation a few days back on some participants, whose type is random.
 */
async function chestPainRows(page: Page): Promise<{ rows: Locator; tab: string }> {
  const table = page.getByRole('table', { name: 'Open flags' });
  for (const tab of ['Internal', 'Pilot', 'Demo']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('status')).toContainText(tab);
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const rows = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^Chest pain Conversation · / }) })
      .filter({ hasText: /chest pain/i });
    if ((await rows.count()) > 0) return { rows, tab };
  }
  throw new Error('no open chest-pain flag on any tab');
}

test('a seeded chest-pain conversation is flagged, opens at the match and is acknowledged', async ({
  clinicianPage: page,
}) => {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Flags' })
    .click();
  await expect(page).toHaveURL(/\/flags$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flags' })).toBeVisible();

  const { rows, tab } = await chestPainRows(page);
  const first = rows.first();
  await expect(first.getByText('Critical', { exact: true })).toBeVisible();
  await expect(first.getByText(/^Conversation · /)).toBeVisible();
  // The cell holds the name, then the birth date and record number on a line of their own.
  const participant = ((await first.getByRole('cell').nth(1).textContent()) ?? '').replace(
    /DOB .*$/,
    '',
  );
  // The list shortens long sentences to their first words and "...": match on what it shows.
  const matched = ((await first.getByRole('cell').nth(3).textContent()) ?? '').replace(
    /\.\.\.$/,
    '',
  );
  expect(participant).not.toBe('');

  // The row opens the participant with the conversation at the matched sentence.
  await first.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/\/participant-details\/\d+\?conversation=\d+/);
  const dialog = page.getByRole('dialog', { name: /Conversation with coach/ });
  await expect(dialog).toBeVisible();
  const highlighted = dialog.locator('li[data-highlighted="true"] mark');
  await expect(highlighted).toContainText(/chest pain/i);
  await expect(dialog.getByRole('button', { name: 'Close transcript' })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/conversation=/);
  const details = page.url();

  // The participant's own Flags section lists it as open.
  const section = page.getByRole('region', { name: 'Flags', exact: true });
  await expect(section.getByRole('row').filter({ hasText: matched }).first()).toContainText('Open');

  // Back on Flags, acknowledge it with a note: it leaves the open list.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Flags' })
    .click();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('status')).toContainText(tab);
  const same = page
    .getByRole('table', { name: 'Open flags' })
    .getByRole('row')
    .filter({ hasText: participant })
    .filter({ hasText: matched });
  await expect(same.first()).toBeVisible();
  const before = await same.count();
  await same
    .first()
    .getByRole('button', { name: `Acknowledge Chest pain flag of ${participant}` })
    .click();
  const acknowledge = page.getByRole('dialog', { name: 'Acknowledge flag' });
  await acknowledge.getByLabel('Note (optional)').fill('Called the participant; ECG booked today.');
  await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Flag acknowledged.')).toBeVisible();
  await expect(acknowledge).toBeHidden();
  await expect(same).toHaveCount(before - 1);

  // Acknowledge the participant's other open flags from their own Flags section, which lists
  // them all (the Flags screen pages them among everyone's): the list's indicator then clears.
  await page.goto(details);
  await expect(section.getByText(/^\d+ open$/)).toBeVisible();
  const openButtons = section.getByRole('button', { name: /^Acknowledge the .* flag$/ });
  for (let left = await openButtons.count(); left > 0; left -= 1) {
    await openButtons.first().click();
    await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(acknowledge).toBeHidden();
    await expect(openButtons).toHaveCount(left - 1);
  }
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Participants' })
    .click();
  await page.getByRole('tab', { name: tab }).click();
  // A flagged participant may since have been suspended: look among all of them.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search participants' }).fill(participant);
  await page.getByRole('searchbox', { name: 'Search participants' }).press('Enter');
  const listed = page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1);
  await expect(listed).toContainText(participant.split(' ')[0] ?? participant);
  await expect(listed).toContainText('No open flags');
  await expect(listed.getByRole('img', { name: /open flags?, most severe/ })).toHaveCount(0);
});

test('the Flags screen has no serious accessibility violations', async ({
  clinicianPage: page,
}) => {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Flags' })
    .click();
  await expect(
    page.getByRole('table', { name: 'Open flags' }).getByRole('row').nth(1),
  ).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page
    .getByRole('button', { name: /^Acknowledge / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Acknowledge flag' })).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
