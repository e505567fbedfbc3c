import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Clinician } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { administratorUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// Lazy route chunks (the page, the menu) load on first use, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const CLINICIANS: Clinician[] = [
  {
    id: 21,
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria.lopez@example.org',
    dea_reg_id: 'REG-1001',
    status: 'ACTIVATED',
  },
  {
    id: 22,
    first_name: 'Tom',
    last_name: 'Berg',
    email: 'tom.berg@example.org',
    dea_reg_id: 'REG-1002',
    status: 'SUSPENDED',
  },
];

type Handler = (call: FetchCall) => Response;

function serve(handlers: Partial<Record<string, Handler>> = {}) {
  setCsrfCookie();
  return mockFetch((call) => {
    const handler = handlers[call.url];
    if (handler) return handler(call);
    if (call.url === API_PATHS.user.listClinicians) return success(CLINICIANS);
    return failure(404, 'NOT_FOUND', 'Nope.');
  });
}

async function openAdminHome() {
  const view = renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
  const table = await screen.findByRole('table', { name: 'Clinicians' });
  await within(table).findByText('Maria Lopez');
  return { ...view, table };
}

/**
 * The snackbar with this text, and its variant. While a modal dialog is open MUI hides the rest
 * of the page from assistive technology, so the snackbar is looked up including hidden ones.
 */
async function expectSnackbar(text: string, variant: 'success' | 'error') {
  const snackbar = await waitFor(() => {
    const found = screen
      .getAllByRole('alert', { hidden: true })
      .find((alert) => alert.classList.contains('notistack-MuiContent'));
    expect(found).toHaveTextContent(text);
    return found;
  });
  expect(snackbar).toHaveClass(`notistack-MuiContent-${variant}`);
}

async function openAddDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'ADD NEW CLINICIAN' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Clinician' });
  return {
    dialog,
    name: within(dialog).getByLabelText(/^Name/),
    email: within(dialog).getByLabelText(/^Email ID/),
    regId: within(dialog).getByLabelText(/^Reg Id/),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  };
}

describe('clinicians screen', () => {
  it('administrator sees the clinicians with name, email, Reg Id, status and actions', async () => {
    serve();
    const { table } = await openAdminHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Clinicians' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email ID', 'Reg Id', 'Status', 'Action']);
    const [, maria, tom] = within(table).getAllByRole('row');
    expect(maria).toHaveTextContent('maria.lopez@example.org');
    expect(maria).toHaveTextContent('REG-1001');
    expect(maria).toHaveTextContent('Active');
    expect(tom).toHaveTextContent('Deactivated');
    expect(
      within(maria!).getByRole('button', { name: 'Edit clinician Maria Lopez' }),
    ).toBeVisible();
    expect(
      within(maria!).getByRole('button', { name: 'Deactivate clinician Maria Lopez' }),
    ).toBeVisible();
    expect(
      within(tom!).getByRole('button', { name: 'Reactivate clinician Tom Berg' }),
    ).toBeVisible();
  });

  it("shows 'Loading...' and then 'No data available' for an empty list", async () => {
    let answer: (response: Response) => void = () => {};
    setCsrfCookie();
    // Only the clinicians call waits; the screen's other calls (two-step sign-in) answer at once.
    mockFetch(({ url }) =>
      url === API_PATHS.user.listClinicians
        ? new Promise<Response>((resolve) => (answer = resolve))
        : failure(404, 'NOT_FOUND', 'Nope.'),
    );
    renderApp({ route: '/admin/home', session: loginFor(administratorUser) });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(success([]));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('a Reg Id passed over without typing says so at the field', async () => {
    serve();
    const { user } = await openAdminHome();
    const { dialog, name, email, regId, save } = await openAddDialog(user);
    await user.type(name, 'Nia Patel');
    await user.type(email, 'nia.patel@example.org');
    await user.click(regId);
    await user.tab();
    expect(await within(dialog).findByText('Reg Id is required')).toBeVisible();
    expect(regId).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
  });

  it('the Add dialog keeps Save disabled for a name starting with a digit, a bad email or no Reg Id', async () => {
    serve();
    const { user } = await openAdminHome();
    const { dialog, name, email, regId, save } = await openAddDialog(user);
    expect(dialog).toHaveStyle({ width: '600px' });
    expect(save).toBeDisabled();

    await user.type(name, '1Maria');
    await user.type(email, 'new.doc@example.org');
    await user.type(regId, 'REG-9');
    await user.tab();
    expect(await within(dialog).findByText('Name must not start with a digit')).toBeVisible();
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Nia Patel');
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await within(dialog).findByText('Enter a valid email')).toBeVisible();
    expect(save).toBeDisabled();

    await user.clear(email);
    await user.type(email, 'nia.patel@example.org');
    await user.clear(regId);
    await user.tab();
    expect(await within(dialog).findByText('Reg Id is required')).toBeVisible();
    expect(save).toBeDisabled();
  });

  it("administrator adds a clinician and sees 'Successfully added clinician.'", async () => {
    const { calls } = serve({
      [API_PATHS.user.createClinician]: () =>
        success({ ...CLINICIANS[0]!, id: 23, first_name: 'Nia', last_name: 'Patel' }),
    });
    const { user } = await openAdminHome();
    const { name, email, regId, save } = await openAddDialog(user);
    await user.type(name, 'Nia Patel');
    await user.type(email, 'nia.patel@example.org');
    await user.type(regId, 'REG-2001');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await expectSnackbar('Successfully added clinician.', 'success');
    const create = calls.find((call) => call.url === API_PATHS.user.createClinician);
    expect(create?.init.method).toBe('POST');
    expect(bodyOf(create)).toEqual({
      name: 'Nia Patel',
      email: 'nia.patel@example.org',
      dea_reg_id: 'REG-2001',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again to show the new clinician.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === API_PATHS.user.listClinicians)).toHaveLength(2),
    );
  });

  it("a refused add shows the server's sentence as an error snackbar and keeps the dialog open", async () => {
    serve({
      [API_PATHS.user.createClinician]: () =>
        failure(409, 'CONFLICT', 'A user with this email already exists.'),
    });
    const { user } = await openAdminHome();
    const { name, email, regId, save } = await openAddDialog(user);
    await user.type(name, 'Maria Lopez');
    await user.type(email, 'maria.lopez@example.org');
    await user.type(regId, 'REG-3');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await expectSnackbar('A user with this email already exists.', 'error');
    const dialog = screen.getByRole('dialog', { name: 'Add Clinician' });
    // Inside the dialog too, where a screen reader user is.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A user with this email already exists.',
    );
  });

  it("a failure without a sentence shows 'Something went wrong!' as an error", async () => {
    serve({
      [API_PATHS.user.createClinician]: () =>
        new Response('<html>bad gateway</html>', { status: 502 }),
    });
    const { user } = await openAdminHome();
    const { name, email, regId, save } = await openAddDialog(user);
    await user.type(name, 'Nia Patel');
    await user.type(email, 'nia.patel@example.org');
    await user.type(regId, 'REG-2001');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await expectSnackbar('Something went wrong!', 'error');
  });

  it('the Edit dialog shows email and Reg Id read-only and disabled, and saves the new name', async () => {
    const { calls } = serve({
      [API_PATHS.user.update]: () => success({ ...CLINICIANS[0]!, first_name: 'Mariana' }),
    });
    const { user } = await openAdminHome();
    await user.click(screen.getByRole('button', { name: 'Edit clinician Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Clinician' });
    expect(dialog).toHaveStyle({ width: '600px' });
    const name = within(dialog).getByLabelText(/^Name/);
    const email = within(dialog).getByLabelText(/^Email ID/);
    const regId = within(dialog).getByLabelText(/^Reg Id/);
    expect(name).toHaveValue('Maria Lopez');
    expect(email).toHaveValue('maria.lopez@example.org');
    expect(regId).toHaveValue('REG-1001');
    for (const field of [email, regId]) {
      expect(field).toHaveAttribute('readonly');
      expect(field).toBeDisabled();
    }

    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.clear(name);
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(name, '2Maria');
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(name);
    await user.type(name, 'Mariana Lopez');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await expectSnackbar('Successfully updated clinician details.', 'success');
    const update = calls.find((call) => call.url === API_PATHS.user.update);
    expect(update?.init.method).toBe('PATCH');
    expect(bodyOf(update)).toEqual({ id: 21, name: 'Mariana Lopez' });
  });

  it('a refused edit shows the server sentence as an error snackbar', async () => {
    serve({
      [API_PATHS.user.update]: () => failure(404, 'NOT_FOUND', 'This clinician does not exist.'),
    });
    const { user } = await openAdminHome();
    await user.click(screen.getByRole('button', { name: 'Edit clinician Maria Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Clinician' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'na');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSnackbar('This clinician does not exist.', 'error');
  });

  it('administrator deactivates a clinician after confirming, and reactivates without a question', async () => {
    const { calls } = serve({
      [API_PATHS.user.clinicianStatus]: (call) => {
        const body = bodyOf(call) as { id: number; status: Clinician['status'] };
        return success({ ...CLINICIANS[0]!, id: body.id, status: body.status });
      },
    });
    const { user } = await openAdminHome();

    await user.click(screen.getByRole('button', { name: 'Deactivate clinician Maria Lopez' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Do you want to deactivate Maria Lopez?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === API_PATHS.user.clinicianStatus)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate clinician Maria Lopez' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    await expectSnackbar('Clinician deactivated.', 'success');
    const statusCalls = () => calls.filter((call) => call.url === API_PATHS.user.clinicianStatus);
    expect(statusCalls()[0]?.init.method).toBe('PATCH');
    expect(bodyOf(statusCalls()[0])).toEqual({ id: 21, status: 'SUSPENDED' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reactivate clinician Tom Berg' }));
    await waitFor(() => expect(statusCalls()).toHaveLength(2));
    expect(bodyOf(statusCalls()[1])).toEqual({ id: 22, status: 'ACTIVATED' });
  });

  it('a refused status change is shown as an error', async () => {
    serve({
      [API_PATHS.user.clinicianStatus]: () =>
        failure(422, 'UNPROCESSABLE', 'You cannot deactivate your own account.'),
    });
    const { user } = await openAdminHome();
    await user.click(screen.getByRole('button', { name: 'Reactivate clinician Tom Berg' }));
    await expectSnackbar('You cannot deactivate your own account.', 'error');
  });
});
