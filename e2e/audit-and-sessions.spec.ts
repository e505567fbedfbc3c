import { readFile } from 'node:fs/promises';
import { AUDIT_CSV_HEADER } from '../packages/contract/src/audit';
import {
  demoAccount,
  expect,
  login,
  seriousAccessibilityViolations,
  test,
} from './support/fixtures';

test('an administrator filters the Audit log by action, sees a sign-in and downloads the CSV', async ({
  administratorPage: page,
}) => {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const filters = page.getByRole('search', { name: 'Audit log filters' });
  await filters.getByLabel('Action').selectOption({ label: 'Signed in' });
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/audit/list') && r.ok());
  await filters.getByRole('button', { name: 'Apply' }).click();
  await listed;
  await expect(page).toHaveURL(/action=account\.login(&|$)/);
  const admin = demoAccount('ADMINISTRATOR');
  const signIn = table.getByRole('row').filter({ hasText: admin.email }).first();
  await expect(signIn).toContainText('Signed in');
  await expect(signIn).toContainText('account.login');
  for (const row of await table.getByRole('row').all()) {
    if (await row.getByRole('columnheader').count()) continue;
    await expect(row).toContainText('account.login');
  }

  // The row's details open as text in a dialog.
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: /^Audit entry \d+$/ });
  await expect(dialog).toContainText(admin.email);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  // Named after its filter (the action), then the day.
  expect(download.suggestedFilename()).toMatch(
    /^audit-log-account-login(-[a-z0-9-]+)?-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = csv.slice(1).trim().split('\r\n');
  expect(header).toBe(AUDIT_CSV_HEADER.join(','));
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) expect(record).toContain(',account.login,');
  expect(csv).toContain(admin.email);
});

test("an administrator revokes a clinician's session and that browser is sent to login on its next call", async ({
  page,
  browser,
}) => {
  const clinicianContext = await browser.newContext();
  try {
    const clinicianPage = await clinicianContext.newPage();
    await login(clinicianPage, 'CLINICIAN');
    await expect(clinicianPage.getByRole('link', { name: 'Nudges' })).toBeVisible();

    await login(page, 'ADMINISTRATOR');
    const clinician = demoAccount('CLINICIAN');
    const name = `${clinician.firstName} ${clinician.lastName}`;
    await page
      .getByRole('table', { name: 'Clinicians' })
      .getByRole('button', { name: `Sessions of clinician ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Sessions of ${name}` });
    const sessions = dialog.getByRole('table', { name: `Sessions of ${name}` });
    // Most recently used first: the sign-in above.
    const newest = sessions.getByRole('row').nth(1);
    await expect(newest.getByRole('button', { name: /^Revoke the session/ })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await newest.getByRole('button', { name: /^Revoke the session/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this session?' });
    const revoked = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/staff/') && r.ok(),
    );
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await revoked;
    await expect(page.getByText('Session revoked; it is signed out at once.')).toBeVisible();

    // The clinician's next call is refused, the refresh too, and the portal shows the login.
    await clinicianPage.getByRole('link', { name: 'Nudges' }).click();
    await expect(clinicianPage).toHaveURL(/\/login$/);
    await expect(clinicianPage.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

    // The audit trail names who revoked which session.
    await page.goto('/admin/audit-log?action=staff.session.revoke');
    await expect(
      page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1),
    ).toContainText(demoAccount('ADMINISTRATOR').email);
  } finally {
    await clinicianContext.close();
  }
});
