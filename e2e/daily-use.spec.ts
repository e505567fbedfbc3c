import type { Page, Route } from '@playwright/test';
import { API_PATHS } from '../packages/contract/src/paths';
import { MESSAGES } from '../packages/contract/src/messages';
import { demoAccount, expect, test } from './support/fixtures';

/** Holds every participant-list call whose body matches until `release` is called. */
async function holdListCalls(page: Page, matches: (body: Record<string, unknown>) => boolean) {
  const held: Route[] = [];
  let holding = true;
  await page.route(`**${API_PATHS.user.list}`, async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    if (holding && matches(body)) held.push(route);
    else await route.continue();
  });
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** A real mouse click at the middle of the element, as a hurried clinician would make it. */
async function clickAtCentre(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('after a status change the previous rows cannot be acted on while the new list loads', async ({
  clinicianPage: page,
}) => {
  await page.goto('/participants?status=SUSPENDED');
  const table = page.getByRole('table', { name: 'Participants' });
  const reactivate = table.getByRole('button', { name: /^Reactivate / }).first();
  await expect(reactivate).toBeVisible();
  const where = await reactivate.boundingBox();
  expect(where).not.toBeNull();

  const resumeCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(API_PATHS.account.resume)) resumeCalls.push(request.url());
  });
  const slowActive = await holdListCalls(page, (body) => body.status === 'ACTIVATED');
  await page
    .getByRole('group', { name: 'Participant status' })
    .getByRole('button', { name: 'Active' })
    .click();
  await expect.poll(slowActive.held).toBeGreaterThan(0);

  // The suspended rows are gone at once: the table says it is loading, nothing can be clicked.
  await expect(table.getByText('Loading...')).toBeVisible();
  await expect(table.getByRole('button', { name: /^Reactivate / })).toHaveCount(0);
  await clickAtCentre(page, where!);
  await expect(page).toHaveURL(/\/participants(\?.*)?$/);

  await slowActive.release();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByText('Loading...')).toBeHidden();
  expect(resumeCalls).toEqual([]);
});

test('while the next page loads the previous page stays on screen but inert', async ({
  clinicianPage: page,
}) => {
  await page.goto('/participants?status=');
  const table = page.getByRole('table', { name: 'Participants' });
  const firstRow = table.getByRole('row').nth(1);
  // Page 1 has loaded: until then the first row is the "Loading..." placeholder.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(firstRow).not.toHaveText('Loading...');
  const firstName = (await firstRow.textContent()) ?? '';
  const where = await firstRow.boundingBox();

  const slowPage = await holdListCalls(page, (body) => body.start !== 0);
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect.poll(slowPage.held).toBeGreaterThan(0);

  await expect(firstRow).toHaveText(firstName);
  await expect(table.locator('tbody')).toHaveAttribute('inert', '');
  await clickAtCentre(page, where!);
  await expect(page).toHaveURL(/\/participants\?/);

  await slowPage.release();
  await expect(table.locator('tbody')).not.toHaveAttribute('inert', '');
  await expect(firstRow).not.toHaveText(firstName);
});

test('a failed load says so after one retry and Retry loads it', async ({
  clinicianPage: page,
}) => {
  let failing = true;
  let failures = 0;
  await page.route(`**${API_PATHS.user.list}`, async (route) => {
    if (failing) {
      failures += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    } else {
      await route.continue();
    }
  });
  await page.goto('/participants');
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByText('Error fetching participants')).toBeVisible();
  // The first call and one retry, then the error: not several silent retries.
  expect(failures).toBe(2);
  failing = false;
  await table.getByRole('button', { name: 'Retry' }).click();
  await expect(table.getByRole('row').nth(1)).not.toContainText('Error fetching participants');
  await expect(table.getByRole('checkbox').nth(1)).toBeVisible();
});

test('snackbars stack at most three, away from the search box, each with a close button', async ({
  clinicianPage: page,
}) => {
  await page.route(`**${API_PATHS.account.remind}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"_success":true,"_data":{}}',
    }),
  );
  await page.goto('/participants?status=PENDING_ACTIVATION');
  const table = page.getByRole('table', { name: 'Participants' });
  const remind = table.getByRole('button', { name: /^Send Reminder to / });
  await expect(remind.first()).toBeVisible();
  for (let index = 0; index < 5; index += 1) {
    await remind.nth(index % (await remind.count())).click();
  }
  const snackbars = page.locator('.notistack-MuiContent');
  await expect(snackbars.first()).toBeVisible();
  await expect.poll(() => snackbars.count()).toBeLessThanOrEqual(3);

  const search = await page.getByRole('searchbox', { name: 'Search participants' }).boundingBox();
  for (const snackbar of await snackbars.all()) {
    const box = await snackbar.boundingBox();
    if (!box || !search) continue;
    const overlaps =
      box.x < search.x + search.width &&
      search.x < box.x + box.width &&
      box.y < search.y + search.height &&
      search.y < box.y + box.height;
    expect(overlaps).toBe(false);
    await expect(snackbar.getByRole('button', { name: 'Close notification' })).toBeVisible();
  }
});

test('an expired session says so and sign-in returns to the same page', async ({
  clinicianPage: page,
}) => {
  await page.goto('/nudges?search=walk');
  await expect(page.getByRole('table', { name: 'Nudges' })).toBeVisible();
  // The server no longer knows the session: both tokens are refused.
  await page.evaluate(() => {
    for (const key of Object.keys(window.sessionStorage)) {
      const value = window.sessionStorage.getItem(key) ?? '';
      if (/token/i.test(key)) window.sessionStorage.setItem(key, `${value}x`);
    }
  });
  await page.goto('/coach?search=knee');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.account.refreshInvalid)).toBeVisible();

  const account = demoAccount('CLINICIAN');
  await page.getByLabel('Email Id').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/coach\?search=knee$/);
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('knee');
});

/** The room a section link leaves above its section for the sticky section bar. */
const SECTION_BAR_ROOM_PX = 64;

/**
 * The imaging section has loaded where its link took it: at the top, below the section bar, even
 * though it and the sections above it arrived after the jump with heights of their own.
 */
async function expectLandedOnImaging(page: Page) {
  const imaging = page.getByRole('region', { name: 'Medical imaging' });
  await expect(imaging.getByRole('progressbar', { name: 'Loading Medical imaging' })).toHaveCount(
    0,
  );
  const top = () =>
    page.locator('#imaging').evaluate((section) => section.getBoundingClientRect().top);
  await expect.poll(top).toBeCloseTo(SECTION_BAR_ROOM_PX, -1);
}

test('the details page jumps to a section and the URL keeps it for a reload', async ({
  clinicianPage: page,
}) => {
  await page.goto('/participants');
  await page
    .getByRole('table', { name: 'Participants' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .nth(2)
    .click();
  await expect(page).toHaveURL(/\/participant-details\/\d+$/);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Imaging' }).click();
  await expect(page).toHaveURL(/#imaging$/);
  await expectLandedOnImaging(page);

  await page.reload();
  await expectLandedOnImaging(page);
  await expect(sections.getByRole('link', { name: 'Imaging' })).toHaveAttribute(
    'aria-current',
    'location',
  );
});
