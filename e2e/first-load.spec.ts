import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { RESET_LINK_PARAMS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import {
  DETAILS_FIRST_LOAD_BUDGET_KB,
  LOGIN_FIRST_LOAD_BUDGET_KB,
  PARTICIPANTS_FIRST_LOAD_BUDGET_KB,
} from '../bench/lib/browser-bundle';
import {
  demoAccount,
  expect,
  login,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';
import { scrollToSection } from './support/near-viewport';

/** The email step of /reset-password without the password dictionary (430 KB with it). */
const EMAIL_STEP_LIMIT_KB = 230;

/** zod's own class names, which survive minification as strings. */
const ZOD_CODE = /\$ZodType|\$ZodError/;

/**
 * Classic zod's base class name (zod/mini's is ZodMiniType): the portal builds every schema with
 * zod/mini, which tree-shakes (ADR 0028), so no page ever loads classic zod.
 */
const CLASSIC_ZOD_CODE = /[`'"]ZodType[`'"]/;

/** One of react-router's own sentences, which survive minification. */
const ROUTER_CODE = /may be used only in the context of a <Router> component/;

/** A class name the chart library (recharts) writes, which survives minification. */
const CHART_CODE = /recharts-wrapper/;

/**
 * The lower sections of the details page, each found by a sentence of its own code: they load
 * when they come near the viewport.
 */
const LOWER_SECTION_CODE: Record<string, RegExp> = {
  'the surgeries section': /No surgeries recorded/,
  'the imaging section': /No images uploaded for this surgery/,
};

/** Every script the page fetches from now on. */
function recordScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return scripts;
}

async function gzipKb(scripts: readonly Response[]): Promise<number> {
  const sizes = await Promise.all(
    scripts.map(async (script) => gzipSync(await script.body()).length),
  );
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
}

/**
 * DESIGN §7 / ADR 0020: the /login first load as Chromium performs it, within 150 KB gzipped.
 * Every script the page fetches arrives compressed (the prebuilt Brotli files). None carries zod
 * (validation and the HTTP client load once the user types) nor the router (it comes with the
 * portal, after sign-in). `npm run bench` reports the same sizes.
 */
test('the /login first load fetches compressed scripts within budget, without zod or the router', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const document = await page.goto(WEB_ROUTES.login);
  expect(await document?.headerValue('content-encoding')).toBe('br');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const firstLoad = [...scripts];
  expect(firstLoad.length).toBeGreaterThan(0);
  for (const script of firstLoad) {
    expect(await script.headerValue('content-encoding'), script.url()).toBe('br');
    const body = (await script.body()).toString();
    // No zod at all, so no classic zod either.
    expect(body, `${script.url()} carries zod`).not.toMatch(ZOD_CODE);
    expect(body, `${script.url()} carries classic zod`).not.toMatch(CLASSIC_ZOD_CODE);
    expect(body, `${script.url()} carries the router`).not.toMatch(ROUTER_CODE);
  }
  expect(await gzipKb(firstLoad)).toBeLessThanOrEqual(LOGIN_FIRST_LOAD_BUDGET_KB);

  const laterScriptsCarry = async (code: RegExp) => {
    const later = scripts.slice(firstLoad.length);
    const bodies = await Promise.all(later.map(async (script) => (await script.body()).toString()));
    return bodies.some((body) => code.test(body));
  };
  const clinician = demoAccount('CLINICIAN');
  await page.getByLabel('Email Id').fill(clinician.email);
  await expect.poll(() => laterScriptsCarry(ZOD_CODE)).toBe(true);

  // Signing in hands over to the portal in the same page: the router arrives, then the screen.
  await page.getByLabel('Password', { exact: true }).fill(clinician.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await expect.poll(() => laterScriptsCarry(ROUTER_CODE)).toBe(true);
});

/**
 * The password policy's strength check carries zxcvbn's common-password lists, over 200 KB
 * gzipped. Asking for a code does not need them; the new-password step fetches them once it is on
 * screen, and still refuses a guessable password with the policy's sentence.
 */
test('resetting a password loads the password dictionary only on the new-password step', async ({
  page,
  browser,
}) => {
  const emailStep = recordScripts(page);
  await page.goto(WEB_ROUTES.resetPassword);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const emailStepKb = await gzipKb(emailStep);
  expect(emailStepKb).toBeLessThan(EMAIL_STEP_LIMIT_KB);

  // A browser of its own, so that nothing comes from the first page's cache.
  const context = await browser.newContext();
  const linkPage = await context.newPage();
  const passwordStep = recordScripts(linkPage);
  const link = new URL(WEB_ROUTES.resetPassword, page.url());
  link.searchParams.set(RESET_LINK_PARAMS.userName, 'clara@example.org');
  link.searchParams.set(RESET_LINK_PARAMS.loginCode, '483920');
  await linkPage.goto(link.toString());
  await expect(linkPage.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
  await linkPage.waitForLoadState('networkidle');
  // This step fetches the dictionary: far more script than the email step.
  expect(await gzipKb(passwordStep)).toBeGreaterThan(emailStepKb + 150);

  await linkPage.getByLabel('New Password', { exact: true }).fill('123456789012');
  await linkPage.getByLabel('Confirm New Password').click();
  await expect(
    linkPage.getByText(PASSWORD_POLICY_MESSAGES.weak('it is a commonly used password')),
  ).toBeVisible();
  await context.close();
});

/**
 * Code the participant list needs only once it is used, or never, each found by a name that
 * survives minification: react-hook-form (forms in dialogs), MUI's Tooltip with Popper, the
 * Popover under every menu and select, Modal and Dialog, the column menu's items, the table's
 * Updating bar, MUI's Tabs (the header's tabs are lighter), the sign-in page's own parts and
 * MUI's input machinery (the toolbars' fields are lighter).
 */
const DEFERRED_CODE: Record<string, RegExp> = {
  'react-hook-form': /HookFormContext/,
  'the tooltip': /[`'"]MuiTooltip[`'"]/,
  'the menu popover': /[`'"]MuiPopover[`'"]/,
  'the modal': /[`'"]MuiModal[`'"]/,
  'the dialog': /[`'"]MuiDialog[`'"]/,
  "the column menu's items": /[`'"]MuiListItemText[`'"]/,
  'the updating bar': /[`'"]MuiLinearProgress[`'"]/,
  "MUI's Tabs": /[`'"]MuiTabs[`'"]/,
  "the sign-in page's single sign-on notice": /[`'"]MuiAlertTitle[`'"]/,
  "MUI's FormControl": /[`'"]MuiFormControl[`'"]/,
  "MUI's InputBase": /[`'"]MuiInputBase[`'"]/,
  "MUI's OutlinedInput": /[`'"]MuiOutlinedInput[`'"]/,
  "MUI's InputLabel": /[`'"]MuiInputLabel[`'"]/,
  "MUI's NativeSelect": /[`'"]MuiNativeSelect[`'"]/,
  'classic zod': CLASSIC_ZOD_CODE,
};

/**
 * The details page draws MUI's ToggleButton, Chip and Alert; the list's status buttons, chips and
 * filter switches are lighter, and its failed-load alert loads with the first failure.
 */
const LIST_DEFERRED_CODE: Record<string, RegExp> = {
  "MUI's ToggleButton": /[`'"]MuiToggleButton[`'"]/,
  "MUI's Chip": /[`'"]MuiChip[`'"]/,
  "MUI's Switch": /[`'"]MuiSwitch[`'"]/,
  "MUI's FormControlLabel": /[`'"]MuiFormControlLabel[`'"]/,
  "MUI's Alert": /[`'"]MuiAlert[`'"]/,
};

/** A signed-in reload of /participants with the cache off, as `npm run bench` measures it. */
async function reloadParticipantsCold(page: Page): Promise<Response[]> {
  await login(page, 'CLINICIAN');
  await page.goto(WEB_ROUTES.participants);
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = recordScripts(page);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Participants' }).getByRole('row')).not.toHaveCount(
    0,
  );
  await page.waitForLoadState('networkidle');
  // Chunks a screen requests from an effect right after it renders.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
  return scripts;
}

/**
 * Each script of the reloaded page once (with the cache off, a chunk both preloaded and imported
 * can arrive twice), read again: Chromium drops the bodies of a page navigated away from.
 */
async function scriptBodies(page: Page, scripts: readonly Response[]) {
  const urls = [...new Set(scripts.map((script) => script.url()))];
  return Promise.all(
    urls.map(async (url) => ({ url, body: await (await page.request.get(url)).body() })),
  );
}

/**
 * DESIGN §7: the list's first load carries no dialog, menu, tooltip or form code; each arrives
 * when the clinician first opens it, and works.
 */
test('the participant list loads its dialogs, menus and hints only when they are first used', async ({
  page,
}) => {
  const bodies = await scriptBodies(page, await reloadParticipantsCold(page));
  const firstLoadKb = bodies.reduce((sum, { body }) => sum + gzipSync(body).length, 0) / 1024;
  expect(firstLoadKb).toBeLessThanOrEqual(PARTICIPANTS_FIRST_LOAD_BUDGET_KB);
  for (const [part, code] of Object.entries({ ...DEFERRED_CODE, ...LIST_DEFERRED_CODE })) {
    const carrier = bodies.find(({ body }) => code.test(body.toString()));
    expect(carrier?.url, `the first load carries ${part}`).toBeUndefined();
  }
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // The sort is a native select: the browser draws its list.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Email (A–Z)' });
  await expect(page).toHaveURL(/orderBy=/);

  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('menu', { name: 'Columns' })).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Group' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Columns' })).toBeHidden();

  await page.getByRole('button', { name: 'Invite New Participant' }).click();
  const invite = page.getByRole('dialog');
  await expect(invite.getByLabel('Name')).toBeVisible();
  await invite.getByRole('button', { name: /cancel/i }).click();
  await expect(invite).toBeHidden();

  // The first hover loads the hint and shows it.
  await page.getByRole('button', { name: 'Sign-in security' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Sign-in security');
});

test.describe("a participant's details page", () => {
  // The bench's viewport: what is near it on the first load is the same.
  test.use({ viewport: { width: 1280, height: 720 } });

  /**
   * DESIGN §7: the details page, signed in and reloaded with the cache off, fetches no chart,
   * menu, dialog or tooltip code, nor the code of its lower sections, until the network is quiet:
   * the charts (and their library) and the lower sections load when they come near the viewport,
   * menus and dialogs when first opened, hints when first hovered; each then works.
   * Its scripts stay within the page's limit, as `npm run bench` measures them.
   */
  test('the first load leaves the charts, lower sections, menus, dialogs and hints out; each loads when needed', async ({
    seededParticipant: { page },
    context,
  }) => {
    // The page's first view may still be fetching a chunk from an effect: it belongs to that
    // view, not to the reloaded first load recorded below.
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = recordScripts(page);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Participant details' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Flags' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Chunks a screen requests from an effect right after it renders.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle');

    const fetchedFirst = scripts.length;
    const firstLoad = await scriptBodies(page, scripts);
    for (const { url, body } of firstLoad) {
      const text = body.toString();
      expect(text, `${url} carries the chart library`).not.toMatch(CHART_CODE);
      for (const [part, code] of Object.entries({ ...DEFERRED_CODE, ...LOWER_SECTION_CODE })) {
        expect(text, `${url} carries ${part}`).not.toMatch(code);
      }
    }
    const firstLoadKb = firstLoad.reduce((sum, { body }) => sum + gzipSync(body).length, 0) / 1024;
    expect(firstLoadKb).toBeLessThanOrEqual(DETAILS_FIRST_LOAD_BUDGET_KB);
    // Until then the section stands in as its titled card, so its link is there and lands on it.
    await expect(page.getByRole('region', { name: 'Medical imaging' })).toBeAttached();
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Imaging' }),
    ).toBeVisible();

    // A header button's hint, the Report menu and a confirmation open once their code has come.
    await page.getByRole('button', { name: 'Sign-in security' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Sign-in security');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.getByRole('button', { name: 'Report' }).click();
    await expect(page.getByRole('menuitem', { name: 'PDF on A4' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.getByRole('button', { name: 'Delete Participant' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(MESSAGES.participants.confirmDeleteTitle);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();

    const imaging = await scrollToSection(page, 'Medical imaging');
    await expect(imaging.getByRole('combobox', { name: 'Surgery' })).toBeVisible();

    const pain = await scrollToSection(page, 'Pain');
    await expect(pain.locator('.recharts-line').first()).toBeVisible();
    const later = scripts.slice(fetchedFirst);
    const bodies = await scriptBodies(page, later);
    expect(bodies.some(({ body }) => CHART_CODE.test(body.toString()))).toBe(true);
    for (const [part, code] of Object.entries(LOWER_SECTION_CODE)) {
      expect(
        bodies.some(({ body }) => code.test(body.toString())),
        `${part} loads once scrolled to`,
      ).toBe(true);
    }
  });
});
