import { configure, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_MESSAGES } from '@recovery-portal/contract/audit';
import type { AuditListResponse, AuditLogEntry } from '@recovery-portal/contract/audit';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// Lazy route chunks and the snackbar host load on first use, slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

function entry(overrides: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    id: 1,
    created_at: '2025-03-01T08:30:15.000Z',
    actor_id: 5,
    actor_email: 'clara@example.org',
    actor_name: null,
    action: 'account.login',
    subject_type: 'user',
    subject_id: 5,
    subject_name: 'Clara Nguyen <clara@example.org>',
    details: null,
    client_address: '10.0.0.8',
    request_id: 'req-1',
    count: 1,
    ...overrides,
  };
}

const PAGE: AuditListResponse = {
  entries: [
    entry({
      id: 42,
      action: 'participant.profile.view',
      subject_type: 'participant',
      subject_id: 77,
      subject_name: 'Paula Quist <paula@example.org>',
      details: { note: '<img src=x onerror=alert(1)>', changed: ['phone'] },
    }),
    entry({ id: 41 }),
    entry({
      id: 40,
      actor_id: null,
      actor_email: null,
      action: 'access.denied',
      subject_type: null,
      subject_id: null,
      subject_name: null,
      client_address: '203.0.113.50',
      count: 200,
    }),
  ],
  older_cursor: 41,
  newer_cursor: null,
};

type Handlers = {
  list?: (call: FetchCall) => Response;
  export?: (call: FetchCall) => Response;
};

function serve({ list, export: exportHandler }: Handlers = {}) {
  setCsrfCookie();
  return mockFetch((call) => {
    if (call.url === API_PATHS.audit.list) return list ? list(call) : success(PAGE);
    if (call.url.startsWith(API_PATHS.audit.export) && exportHandler) return exportHandler(call);
    return failure(404, 'NOT_FOUND', 'Nope.');
  });
}

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === API_PATHS.audit.list).map((call) => bodyOf(call));

async function openAuditLog(route: string = WEB_ROUTES.auditLog) {
  const view = renderApp({ route, session: loginFor(administratorUser) });
  const table = await screen.findByRole('table', { name: 'Audit log' });
  await within(table).findByText('Paula Quist <paula@example.org>');
  return { ...view, table };
}

/** The snackbar saying `text`; a failed list also says so in the table, with Retry. */
async function expectSnackbar(text: string, variant: 'success' | 'error') {
  await waitFor(() => {
    const snackbar = [...document.querySelectorAll('.notistack-MuiContent')].find((element) =>
      element.textContent?.includes(text),
    );
    expect(snackbar).toHaveClass(`notistack-MuiContent-${variant}`);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('audit log screen', () => {
  it('administrator reaches the Audit log from the menu and sees the newest rows with who, what, whom and from where', async () => {
    const { calls } = serve();
    const { user } = renderApp({
      route: WEB_ROUTES.adminHome,
      session: loginFor(administratorUser),
    });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Clinicians' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(menu).getByRole('link', { name: 'Audit log' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Paula Quist <paula@example.org>');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();

    expect(listBodies(calls)[0]).toEqual({ page_size: 50 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Actor', 'Action', 'Subject', 'Client address', 'Details']);
    const [, first, second, folded] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Viewed participant profile');
    expect(first).toHaveTextContent('participant.profile.view');
    expect(first).toHaveTextContent('clara@example.org');
    expect(first).toHaveTextContent('10.0.0.8');
    expect(first).toHaveTextContent(
      dayjs('2025-03-01T08:30:15.000Z').format('MMM DD YYYY hh:mm:ss A'),
    );
    expect(second).toHaveTextContent('Signed in');
    expect(second).not.toHaveTextContent('times from this address');
    // Refusals of unknown callers from one address come folded, one row a minute, with a count.
    expect(folded).toHaveTextContent('200 times from this address in that minute');
  });

  it('details JSON is shown as text, markup included, never as HTML', async () => {
    serve();
    const { table, user } = await openAuditLog();
    expect(table.querySelector('img')).toBeNull();
    expect(within(table).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();

    await user.click(within(table).getByText('Paula Quist <paula@example.org>'));
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry 42' });
    expect(dialog.querySelector('img')).toBeNull();
    const json = dialog.querySelector('pre');
    expect(json?.textContent).toBe(
      JSON.stringify({ note: '<img src=x onerror=alert(1)>', changed: ['phone'] }, null, 2),
    );
    expect(dialog).toHaveTextContent('req-1');
    expect(dialog).not.toHaveTextContent('Count');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByText('203.0.113.50'));
    const folded = await screen.findByRole('dialog', { name: 'Audit entry 40' });
    expect(folded).toHaveTextContent('Count200 times from this address in that minute');
  });

  it('the filters go into the URL and the request: actor, participant, action, subject and local days', async () => {
    const { calls } = serve();
    const { user, router } = await openAuditLog();
    const form = screen.getByRole('search', { name: 'Audit log filters' });
    await user.type(within(form).getByLabelText('Actor'), 'clara');
    await user.type(within(form).getByLabelText('Participant'), 'paula@example.org');
    await user.selectOptions(within(form).getByLabelText('Action'), 'Sign-in failed');
    await user.selectOptions(within(form).getByLabelText('Subject'), 'Participant');
    await user.type(within(form).getByLabelText('From'), '2025-03-01');
    await user.type(within(form).getByLabelText('To'), '2025-03-02');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        actor: 'clara',
        participant: 'paula@example.org',
        action: 'account.login.failed',
        subject_type: 'participant',
        from: dayjs('2025-03-01').startOf('day').toISOString(),
        to: dayjs('2025-03-02').endOf('day').toISOString(),
        page_size: 50,
      }),
    );
    const params = Object.fromEntries(new URLSearchParams(router.state.location.search));
    expect(params).toEqual({
      actor: 'clara',
      participant: 'paula@example.org',
      action: 'account.login.failed',
      subject_type: 'participant',
      from: '2025-03-01',
      to: '2025-03-02',
    });

    // The form follows the applied filters, so it is looked up again.
    const applied = screen.getByRole('search', { name: 'Audit log filters' });
    expect(within(applied).getByLabelText('Actor')).toHaveValue('clara');
    await user.click(within(applied).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ page_size: 50 }));
    expect(router.state.location.search).toBe('');
  });

  it('a shared link restores the filters, and an unknown action or subject in it is ignored', async () => {
    const { calls } = serve();
    await openAuditLog(
      `${WEB_ROUTES.auditLog}?actor=bob&action=account.pwned&subject_type=patient`,
    );
    expect(listBodies(calls)[0]).toEqual({ actor: 'bob', page_size: 50 });
    const form = screen.getByRole('search', { name: 'Audit log filters' });
    expect(within(form).getByLabelText('Actor')).toHaveValue('bob');
    expect(within(form).getByLabelText('Action')).toHaveValue('');
    expect(within(form).getByLabelText('Subject')).toHaveValue('');
  });

  it('a reversed date range cannot be applied', async () => {
    serve();
    const { user } = await openAuditLog();
    const form = screen.getByRole('search', { name: 'Audit log filters' });
    await user.type(within(form).getByLabelText('From'), '2025-03-05');
    await user.type(within(form).getByLabelText('To'), '2025-03-01');
    expect(within(form).getByText('Must not be before From')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('Older and Newer page by cursor and Newest goes back to the start', async () => {
    const { calls } = serve({
      list: (call) => {
        const body = bodyOf(call) as { before?: number };
        return success(
          body.before
            ? {
                entries: [entry({ id: 40, actor_email: 'old@example.org' })],
                older_cursor: null,
                newer_cursor: 40,
              }
            : PAGE,
        );
      },
    });
    const { user, router, table } = await openAuditLog();
    const pager = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await screen.findByText('old@example.org');
    expect(listBodies(calls).at(-1)).toEqual({ before: 41, page_size: 50 });
    expect(router.state.location.search).toBe('?before=41');
    expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ after: 40, page_size: 50 }));
    await within(table).findByText('Paula Quist <paula@example.org>');
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Older' })).toBeEnabled());
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await screen.findByText('old@example.org');
    await user.click(within(pager).getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('Export CSV downloads the file with the same filters', async () => {
    const csv = '\uFEFFID,Time (UTC)\r\n42,2025-03-01T08:30:15.000Z\r\n';
    const { calls } = serve({
      export: () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="audit-log-2025-03-01.csv"',
          },
        }),
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = await openAuditLog(
      `${WEB_ROUTES.auditLog}?action=account.login&participant=77&before=41`,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const exportCall = calls.find((call) => call.url.startsWith(API_PATHS.audit.export));
    expect(exportCall?.init.method).toBe('GET');
    expect(exportCall?.headers.authorization).toBe('Bearer access-1');
    expect(Object.fromEntries(new URL(exportCall!.url, 'http://portal').searchParams)).toEqual({
      participant: '77',
      action: 'account.login',
    });
    expect(clicked[0]).toHaveAttribute('download', 'audit-log-2025-03-01.csv');
  });

  it('a refused list shows the server sentence as an error snackbar', async () => {
    serve({
      list: () => failure(400, 'VALIDATION_ERROR', 'More than 50 participants match.'),
    });
    renderApp({ route: WEB_ROUTES.auditLog, session: loginFor(administratorUser) });
    await expectSnackbar('More than 50 participants match.', 'error');
    const table = screen.getByRole('table', { name: 'Audit log' });
    expect(within(table).getByText(AUDIT_MESSAGES.fetchError)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a clinician cannot open the Audit log', async () => {
    serve();
    const { router } = renderApp({ route: WEB_ROUTES.auditLog, session: loginFor(clinicianUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe(WEB_ROUTES.unauthorized));
  });
});
