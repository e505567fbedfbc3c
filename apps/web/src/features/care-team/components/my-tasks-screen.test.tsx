import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { Task } from '@recovery-portal/contract/tasks';
import { startSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { localDay, STAFF, taskFixture } from '#app/testing/task-fixtures.ts';
import { MyTasksScreen } from './my-tasks-screen';

const OVERDUE = taskFixture({ id: 1, title: 'Call back', due_on: localDay(-2) });
const TODAY = taskFixture({ id: 2, title: 'Check wound photo', due_on: localDay(0) });
const LATER = taskFixture({
  id: 3,
  title: 'Review PROMs',
  due_on: localDay(5),
  note: 'After 6 weeks',
});

function serve(initial: Task[]) {
  let open = [...initial];
  return mockFetch(({ url, init }) => {
    if (url.startsWith(API_PATHS.tasks.mine)) {
      const today = new URL(url, 'http://portal.test').searchParams.get('today') ?? '';
      return success({ tasks: open, overdue: open.filter((t) => t.due_on < today).length });
    }
    const done = /^\/api\/tasks\/(\d+)\/done$/.exec(url);
    if (done) {
      const task = open.find((t) => t.id === Number(done[1]));
      open = open.filter((t) => t.id !== Number(done[1]));
      return task
        ? success({
            ...task,
            done_at: new Date().toISOString(),
            done_by: { id: 11, name: 'Clara Nguyen' },
          })
        : failure(409, 'CONFLICT', 'This task is already done.');
    }
    if (url === API_PATHS.careTeam.staff) return success(STAFF);
    const one = /^\/api\/tasks\/(\d+)$/.exec(url);
    const task = one ? open.find((t) => t.id === Number(one[1])) : undefined;
    if (task && init.method === 'DELETE') {
      open = open.filter((t) => t.id !== task.id);
      return success(task);
    }
    if (task && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<Task> & { assignee_id?: number };
      const edited = {
        ...task,
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.due_on !== undefined ? { due_on: body.due_on } : {}),
      };
      // Reassigned to someone else: it is no longer mine.
      open =
        body.assignee_id !== undefined && body.assignee_id !== 11
          ? open.filter((t) => t.id !== task.id)
          : open.map((t) => (t.id === task.id ? edited : t));
      return success(edited);
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

function renderScreen() {
  startSession(loginFor(clinicianUser));
  return renderWithProviders(<MyTasksScreen />, {
    route: WEB_ROUTES.myTasks,
    path: WEB_ROUTES.myTasks,
    routes: [
      { path: `${WEB_ROUTES.participantDetails}/:id`, element: <p>Participant details page</p> },
    ],
  });
}

describe('My tasks', () => {
  it('lists my open tasks by due date, marks the overdue one and asks with this browser’s date', async () => {
    const { calls } = serve([OVERDUE, TODAY, LATER]);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'My open tasks' });
    await within(table).findByText('Call back');
    const rows = within(table).getAllByRole('row').slice(1);
    const titles = ['Call back', 'Check wound photo', 'Review PROMs'];
    expect(rows.map((row) => titles.find((title) => row.textContent?.includes(title)))).toEqual(
      titles,
    );
    expect(rows[2]).toHaveTextContent('After 6 weeks');
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Due today')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 open tasks · 1 overdue');
    expect(calls[0]?.url).toBe(`${API_PATHS.tasks.mine}?today=${localDay(0)}`);
  });

  it('Mark done sends the task and it leaves the list', async () => {
    setCsrfCookie();
    const { calls } = serve([OVERDUE, LATER]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Mark done: Call back' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Mark done: Call back' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      calls.some((call) => call.url === API_PATHS.tasks.done(1) && call.init.method === 'POST'),
    ).toBe(true);
    expect(await screen.findByText('Task marked done.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 open task');
  });

  it('a row opens the participant', async () => {
    serve([LATER]);
    const { user } = renderScreen();
    await user.click(await screen.findByText('Review PROMs'));
    expect(await screen.findByText('Participant details page')).toBeInTheDocument();
  });

  it('a clinician reassigns a task to a colleague: only the change is sent, and it leaves my list', async () => {
    setCsrfCookie();
    const { calls } = serve([OVERDUE, LATER]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit task: Review PROMs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit follow-up task' });
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Review PROMs');
    const assignee = within(dialog).getByRole('combobox', { name: /Assignee/ });
    await waitFor(() => expect(assignee).toHaveTextContent('Clara Nguyen (me)'));
    await user.click(assignee);
    await user.click(await screen.findByRole('option', { name: 'Omar Reyes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Task saved.')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === API_PATHS.tasks.task(3));
    expect(sent?.init.method).toBe('PATCH');
    expect(bodyOf(sent)).toEqual({ assignee_id: 12 });
    await waitFor(() => expect(screen.queryByText('Review PROMs')).not.toBeInTheDocument());
  });

  it('moving a due date into the past asks first; keeping an overdue date does not', async () => {
    setCsrfCookie();
    const { calls } = serve([OVERDUE, LATER]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit task: Review PROMs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit follow-up task' });
    const due = within(dialog).getByLabelText(/Due date/);
    await user.clear(due);
    await user.type(due, localDay(-3));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Save with a due date in the past?' });
    expect(ask).toHaveTextContent('so the task will show as overdue at once');
    expect(calls.some((call) => call.url === API_PATHS.tasks.task(3))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === API_PATHS.tasks.task(3)))).toEqual({
        due_on: localDay(-3),
      }),
    );

    // An already overdue task whose title alone is corrected is saved without asking.
    await user.click(await screen.findByRole('button', { name: 'Edit task: Call back' }));
    const again = await screen.findByRole('dialog', { name: 'Edit follow-up task' });
    await user.type(within(again).getByLabelText(/Title/), ' today');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === API_PATHS.tasks.task(1)))).toEqual({
        title: 'Call back today',
      }),
    );
    expect(screen.queryByRole('dialog', { name: /due date in the past/ })).toBeNull();
  });

  it('Delete asks first, then removes the task', async () => {
    setCsrfCookie();
    const { calls } = serve([OVERDUE, LATER]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete task: Call back' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this task?' });
    expect(ask).toHaveTextContent('"Call back" will be removed for everyone.');
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Delete task: Call back' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this task?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText('Task deleted.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.url === API_PATHS.tasks.task(1) && call.init.method === 'DELETE'),
    ).toBe(true);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 open task'));
  });
});
