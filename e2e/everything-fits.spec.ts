import type { Locator, Page } from '@playwright/test';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';

/** A phone, a tablet and a laptop: the daily screens fit each without sideways scrolling. */
const WIDTHS = [390, 768, 1280] as const;
const SHOTS_DIR = 'test-results/everything-fits';

/** Opens a screen and waits until its table (named `table`) has its first row. */
async function openList(page: Page, path: string, table: string) {
  await page.goto(path);
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
}

/** The details of a participant with open flags: the first one on the Flags screen. */
async function openFlaggedParticipant(page: Page) {
  await openList(page, '/flags', 'Open flags');
  const link = page.getByRole('link', { name: /^View participant/ }).first();
  const href = (await link.getAttribute('href')) ?? '';
  await page.goto(href.split('?')[0] ?? href);
  await expect(
    page.getByRole('table', { name: 'Participant flags' }).getByRole('row').nth(1),
  ).toBeVisible();
}

/** Neither the page nor any table scrolls sideways, and axe finds nothing serious. */
async function expectFits(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${SHOTS_DIR}/${width}-${name}.png`, fullPage: true });
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    // Tables on screen: a chart's visually hidden table for screen readers has no width to fit.
    tables: [...document.querySelectorAll('table')]
      .filter((table) => (table.parentElement?.clientWidth ?? 0) > 1)
      .map((table) => {
        const container = table.parentElement;
        return {
          name: table.getAttribute('aria-label') ?? '',
          over: container ? container.scrollWidth - container.clientWidth : 0,
          right: table.getBoundingClientRect().right - window.innerWidth,
        };
      }),
  }));
  expect(
    overflow.page,
    `${name} at ${width}px: the page is wider than the screen`,
  ).toBeLessThanOrEqual(0);
  for (const table of overflow.tables) {
    expect(
      table.over,
      `${name} at ${width}px: "${table.name}" scrolls sideways`,
    ).toBeLessThanOrEqual(1);
    expect(
      table.right,
      `${name} at ${width}px: "${table.name}" runs off screen`,
    ).toBeLessThanOrEqual(0);
  }
  expect(await seriousAccessibilityViolations(page), `${name} at ${width}px`).toEqual([]);
}

/** The control is on screen sideways: no scrolling to the right reaches it. */
async function expectWithinWidth(control: Locator, width: number) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'the control is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** Shown as a table (not as stacked cards): its columns fit. */
async function expectTableForm(table: Locator) {
  await expect(table).not.toHaveAttribute('role', 'table');
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a clinician's daily screens fit, with their actions on screen", async ({ page }) => {
      test.setTimeout(240_000);
      await login(page, 'CLINICIAN');

      await openList(page, '/participants', 'Participants');
      const participants = page.getByRole('table', { name: 'Participants' });
      if (width === 1280) await expectTableForm(participants);
      await expectFits(page, 'participants', width);

      await openList(page, '/nudges', 'Nudges');
      await expectFits(page, 'nudges', width);

      await openList(page, '/coach', 'Coach conversations');
      await expectFits(page, 'coach', width);

      await openList(page, '/flags', 'Open flags');
      const flags = page.getByRole('table', { name: 'Open flags' });
      if (width === 1280) await expectTableForm(flags);
      const firstFlag = flags.getByRole('row').nth(1);
      await expectWithinWidth(firstFlag.getByRole('button', { name: /^Acknowledge / }), width);
      await expectWithinWidth(firstFlag.getByRole('button', { name: /^Create task/ }), width);
      await expectFits(page, 'flags', width);

      await page.goto('/tasks');
      await expect(page.getByRole('table', { name: 'My open tasks' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      await expectFits(page, 'my-tasks', width);

      await openFlaggedParticipant(page);
      const cardFlags = page.getByRole('table', { name: 'Participant flags' });
      if (width === 1280) await expectTableForm(cardFlags);
      const openFlag = cardFlags.getByRole('row').nth(1);
      await expectWithinWidth(openFlag.getByRole('button', { name: /^Acknowledge / }), width);
      await expectWithinWidth(openFlag.getByRole('button', { name: /^Create task/ }), width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectFits(page, 'participant-details', width);
    });

    test('the Audit log fits, its subject a readable width', async ({
      administratorPage: page,
    }) => {
      await openList(page, '/admin/audit-log', 'Audit log');
      const audit = page.getByRole('table', { name: 'Audit log' });
      if (width === 1280) {
        await expectTableForm(audit);
        const subject = await audit.getByRole('columnheader', { name: 'Subject' }).boundingBox();
        expect(subject!.width).toBeGreaterThanOrEqual(180);
      }
      await expectFits(page, 'audit-log', width);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('one header bar, every tab within reach, filters folded and the first participant on the first screen', async ({
    page,
  }) => {
    await login(page, 'CLINICIAN');
    await openList(page, '/participants', 'Participants');

    // One bar: logo, the three type tabs, security and Logout side by side.
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    for (const control of [
      page.getByRole('tab', { name: 'Demo' }),
      page.getByRole('button', { name: 'Logout' }),
    ]) {
      const box = await control.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(64);
    }

    // The menu is wider than the phone: a cue says so, and every tab can be reached.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(page.locator('[data-scroll-cue="after"]')).toBeVisible();
    for (const name of ['Participants', 'Nudges', 'Coach', 'Flags', 'My tasks']) {
      const tab = menu.getByRole('link', { name });
      await tab.focus();
      await expectWithinWidth(tab, 390);
    }

    // The filters wait behind one button; the first participant shows without scrolling.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toBeVisible();
    await expect(page.getByRole('group', { name: 'Participant status' })).toBeHidden();
    const first = page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1);
    expect((await first.boundingBox())!.y).toBeLessThan(844);

    await filters.click();
    await page
      .getByRole('group', { name: 'Participant status' })
      .getByRole('button', { name: 'All' })
      .click();
    await expect(page.getByRole('button', { name: 'Filters (1 applied)' })).toBeVisible();
  });

  test("a participant's section links leave out what is not there and show a cue", async ({
    page,
  }) => {
    await login(page, 'CLINICIAN');
    await openFlaggedParticipant(page);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: 'Flags' })).toBeVisible();
    // The first participant of the Internal tab: no simulation to jump to.
    await expect(sections.getByRole('link', { name: 'Simulation' })).toHaveCount(0);
    await expect(page.locator('[data-scroll-cue="after"]').last()).toBeVisible();
  });
});
