import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { Task } from '@recovery-portal/contract/tasks';
import { startSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { localDay, taskFixture } from '#app/testing/task-fixtures.ts';
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
  return mockFetch(({ url }) => {
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
});
