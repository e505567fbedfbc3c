import type { Page } from '@playwright/test';
import { expect, login, seriousAccessibilityViolations, test } from './support/fixtures';
import { drawPartsLoadedNearViewport } from './support/near-viewport';

/** A phone, a tablet and a laptop (ADR 0024): every screen is checked and photographed at each. */
const WIDTHS = [390, 768, 1280] as const;
const SHOTS_DIR = 'test-results/screens';

type Screen = { name: string; open: (page: Page) => Promise<void> };

/**
 * Opens the first row of a list and waits for the page it leads to. `cell` is a column without
 * buttons: on a phone the middle of the row can be a button cell, which does not open the row.
 */
async function openFirstRow(page: Page, list: string, table: string, url: RegExp, cell: number) {
  await page.goto(list);
  await page
    .getByRole('table', { name: table })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .nth(cell)
    .click();
  await expect(page).toHaveURL(url);
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', open: (page) => page.goto('/login').then(() => undefined) },
  { name: 'reset-password', open: (page) => page.goto('/reset-password').then(() => undefined) },
  {
    name: 'how-to-delete-account',
    open: (page) => page.goto('/how-to-delete-account').then(() => undefined),
  },
  { name: 'privacy-policy', open: (page) => page.goto('/privacy-policy').then(() => undefined) },
  { name: 'not-found', open: (page) => page.goto('/no-such-page').then(() => undefined) },
];

const CLINICIAN_SCREENS: Screen[] = [
  {
    name: 'participants',
    open: async (page) => {
      await page.goto('/participants');
      await expect(
        page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'participant-details',
    open: async (page) => {
      await openFirstRow(page, '/participants', 'Participants', /\/participant-details\/\d+/, 2);
      // The lower sections stand in as their cards until scrolled near.
      await expect(page.getByRole('region', { name: 'Surgeries' })).toBeAttached();
      await drawPartsLoadedNearViewport(page);
      await expect(page.getByRole('table', { name: 'Surgeries' })).toBeVisible();
    },
  },
  {
    name: 'digital-twin',
    open: async (page) => {
      await openFirstRow(page, '/participants', 'Participants', /\/participant-details\/\d+/, 2);
      await page.getByRole('button', { description: 'Click to view Digital Twin' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'programme-outcomes',
    open: async (page) => {
      await page.goto('/outcomes');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('progressbar', { name: 'Loading programme outcomes' }),
      ).toHaveCount(0);
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
    },
  },
  {
    name: 'nudges',
    open: async (page) => {
      await page.goto('/nudges');
      await expect(
        page.getByRole('table', { name: 'Nudges' }).getByRole('row').nth(1),
      ).toBeVisible();
      // Open, the effectiveness chart must fit as well.
      const effectiveness = page.getByRole('button', { name: 'Effectiveness' });
      await effectiveness.click();
      await expect(effectiveness).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'nudge-details',
    open: (page) => openFirstRow(page, '/nudges', 'Nudges', /\/nudge-details\/\d+/, 1),
  },
  {
    name: 'coach',
    open: async (page) => {
      await page.goto('/coach');
      await expect(
        page.getByRole('table', { name: 'Coach conversations' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'flags',
    open: async (page) => {
      await page.goto('/flags');
      await expect(
        page.getByRole('table', { name: 'Open flags' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
];

const ADMINISTRATOR_SCREENS: Screen[] = [
  {
    name: 'clinicians',
    open: async (page) => {
      await page.goto('/admin/home');
      await expect(
        page.getByRole('table', { name: 'Clinicians' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    name: 'add-clinician',
    open: async (page) => {
      await page.goto('/admin/home');
      await page.getByRole('button', { name: 'ADD NEW CLINICIAN' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Clinician' })).toBeVisible();
    },
  },
  {
    name: 'fhir-clients',
    open: async (page) => {
      await page.goto('/admin/fhir-clients');
      await expect(page.getByRole('heading', { name: 'FHIR clients' })).toBeVisible();
    },
  },
  {
    name: 'api-docs',
    open: async (page) => {
      await page.goto('/docs/api');
      await expect(page.getByRole('region', { name: 'fhir' })).toBeVisible();
    },
  },
  {
    name: 'audit-log',
    open: async (page) => {
      await page.goto('/admin/audit-log');
      await expect(
        page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
];

/** No sideways scrolling, no serious axe finding, and a screenshot to look at. */
async function checkScreen(page: Page, name: string, width: number) {
  // A table still loading shows 'Loading...' in its first row: the picture waits for the data.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  await page.screenshot({ path: `${SHOTS_DIR}/${width}-${name}.png`, fullPage: true });
  // A dialog is fixed in place, so it never widens the page: it must fit the viewport itself.
  for (const dialog of await page.locator('.MuiDialog-paper').all()) {
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= innerWidth, `${name} dialog fits`).toBe(true);
  }
  expect(scrollWidth, `${name} at ${width}px is ${scrollWidth}px wide`).toBeLessThanOrEqual(
    innerWidth,
  );
  expect(await seriousAccessibilityViolations(page), `${name} at ${width}px`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the sign-in screens fit and pass axe', async ({ page }) => {
      for (const screen of PUBLIC_SCREENS) {
        await screen.open(page);
        await checkScreen(page, screen.name, width);
      }
    });

    test("a clinician's screens fit and pass axe", async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, 'CLINICIAN');
      for (const screen of CLINICIAN_SCREENS) {
        await screen.open(page);
        await checkScreen(page, screen.name, width);
      }
    });

    test("an administrator's screens fit and pass axe", async ({ administratorPage: page }) => {
      for (const screen of ADMINISTRATOR_SCREENS) {
        await screen.open(page);
        await checkScreen(page, screen.name, width);
      }
    });
  });
}
