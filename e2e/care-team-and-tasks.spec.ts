import type { Page } from '@playwright/test';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';
import { closeSnackbar } from './support/snackbars';

/** No sideways scrolling and no serious axe finding on the screen as it is. */
async function fitsAndPassesAxe(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} is ${scrollWidth}px wide`).toBeLessThanOrEqual(innerWidth);
  for (const dialog of await page.locator('.MuiDialog-paper').all()) {
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= innerWidth, `${what}: dialog fits`).toBe(true);
  }
  expect(await seriousAccessibilityViolations(page), what).toEqual([]);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('assign, Mine in the URL, a task from a flag, My tasks shows it, mark done', async ({
    page,
  }) => {
    await login(page, 'CLINICIAN');
    await page.goto('/participants');
    const table = page.getByRole('table', { name: 'Participants' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Responsible' })).toBeVisible();

    // Bulk: select two participants and make the demo clinician responsible.
    const rows = [table.getByRole('row').nth(1), table.getByRole('row').nth(2)];
    const names: string[] = [];
    for (const row of rows) {
      const box = row.getByRole('checkbox');
      names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
      await box.check();
    }
    await page.getByRole('button', { name: 'Assign to…' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign responsible clinician' });
    await expect(assign.getByText('For the 2 selected participants.')).toBeVisible();
    await assign.getByRole('combobox', { name: 'Responsible clinician' }).click();
    await page.getByRole('option', { name: 'Claire Clinician' }).click();
    await fitsAndPassesAxe(page, 'assign dialog');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await closeSnackbar(page, 'Claire Clinician is now responsible for 2 participants.');

    // Mine narrows the list, and the URL keeps it across a reload.
    await page.getByRole('switch', { name: 'Mine' }).click();
    await expect(page.getByRole('switch', { name: 'Mine' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]mine=1/);
    for (const name of names) await expect(table.getByText(name, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Mine' })).toBeChecked();
    for (const name of names) await expect(table.getByText(name, { exact: true })).toBeVisible();
    const responsible = table.getByRole('row').nth(1).getByRole('cell').last();
    await expect(responsible).toContainText('Claire Clinician');
    await fitsAndPassesAxe(page, 'participants, mine');

    // Flags: Mine is in the URL too; a task is created from a flag for me.
    await menu(page).getByRole('link', { name: 'Flags' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flags' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('open flag');
    await page.getByRole('switch', { name: 'Mine' }).click();
    await expect(page.getByRole('switch', { name: 'Mine' })).toBeChecked();
    await expect(page).toHaveURL(/\/flags\?mine=1/);
    await expect(page.getByRole('status')).toContainText('mine');
    await page.goto('/flags');
    const flags = page.getByRole('table', { name: 'Open flags' });
    await expect(flags.getByRole('row').nth(1)).toBeVisible();
    const flagRow = flags.getByRole('row').nth(1);
    // The cell holds the name, then the birth date and record number on a line of their own.
    const participant = ((await flagRow.getByRole('cell').nth(1).textContent()) ?? '').replace(
      /DOB .*$/,
      '',
    );
    await flagRow.getByRole('button', { name: /^Create task: / }).click();
    const dialog = page.getByRole('dialog', { name: 'New follow-up task' });
    await expect(dialog.getByText(`For ${participant}`)).toBeVisible();
    const title = `Call ${participant} back ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByRole('combobox', { name: /Assignee/ })).toContainText('(me)');
    await dialog.getByLabel('Note (optional)').fill('Ask how the night went.');
    await fitsAndPassesAxe(page, 'new task dialog');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await closeSnackbar(page, 'Task created.');

    // My tasks lists it by due date, beside the seeded overdue ones, and marks it done.
    await menu(page).getByRole('link', { name: 'My tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    const tasks = page.getByRole('table', { name: 'My open tasks' });
    const row = tasks.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText(participant);
    await expect(tasks.getByText('Overdue').first()).toBeVisible();
    await expect(page.getByRole('status')).toContainText('overdue');
    await fitsAndPassesAxe(page, 'my tasks');
    const details = await row.getByRole('link', { name: /^View participant/ }).getAttribute('href');
    await row.getByRole('button', { name: `Mark done: ${title}` }).click();
    await closeSnackbar(page, 'Task marked done.');
    await expect(row).toBeHidden();

    // The participant's own Tasks section shows who did it and when, and can reopen it.
    await page.goto(details ?? '/');
    const section = page.getByRole('region', { name: 'Follow-up tasks', exact: true });
    const done = section.getByRole('row').filter({ hasText: title });
    await expect(done).toContainText('Done by Claire Clinician');
    await expect(done.getByRole('button', { name: `Reopen: ${title}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Care team' })).toContainText(
      'Responsible clinician',
    );
    await fitsAndPassesAxe(page, 'participant details');
  });
});

test.describe('at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the care team and task screens fit a phone and pass axe', async ({
    clinicianPage: page,
  }) => {
    await page.goto('/participants?mine=1');
    await expect(
      page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1),
    ).toBeVisible();
    await fitsAndPassesAxe(page, 'participants, mine, 390');
    await page.goto('/flags?mine=1');
    await expect(page.getByRole('switch', { name: 'Mine' })).toBeChecked();
    await fitsAndPassesAxe(page, 'flags, mine, 390');
    await page.goto('/tasks');
    await expect(
      page.getByRole('table', { name: 'My open tasks' }).getByRole('row').nth(1),
    ).toBeVisible();
    await fitsAndPassesAxe(page, 'my tasks, 390');
    await page.getByRole('table', { name: 'My open tasks' }).getByRole('row').nth(1).click();
    const section = page.getByRole('region', { name: 'Follow-up tasks', exact: true });
    await expect(section.getByRole('row').nth(1)).toBeVisible();
    await section.getByRole('button', { name: 'New task' }).click();
    await expect(page.getByRole('dialog', { name: 'New follow-up task' })).toBeVisible();
    await fitsAndPassesAxe(page, 'new task dialog, 390');
  });
});
