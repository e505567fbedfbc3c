import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { MAX_TASK_TITLE_LENGTH, TASK_MESSAGES } from '@recovery-portal/contract/tasks';
import { startSession } from '#app/lib/session.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { localDay, STAFF, taskFixture } from '#app/testing/task-fixtures.ts';
import { CreateTaskDialog } from './create-task-dialog';

function serve() {
  return mockFetch((call) => {
    if (call.url === API_PATHS.careTeam.staff) return success(STAFF);
    if (call.url === API_PATHS.tasks.create) return success(taskFixture());
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

function renderDialog(onClose = vi.fn()) {
  setCsrfCookie();
  startSession(loginFor(clinicianUser));
  const view = renderWithProviders(
    <CreateTaskDialog
      open
      participantId={7}
      participantName="Jane Doe"
      flag={{ id: 31, finding: 'Chest pain' }}
      onClose={onClose}
    />,
  );
  return { ...view, onClose };
}

describe('New follow-up task', () => {
  it('from a flag: the title is suggested, the assignee is me, and the task is created with the flag', async () => {
    const { calls } = serve();
    const { user, onClose } = renderDialog();
    expect(screen.getByText('For Jane Doe · from the Chest pain flag')).toBeInTheDocument();
    const title = screen.getByLabelText(/Title/);
    expect(title).toHaveValue('Follow up: Chest pain');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Assignee/ })).toHaveTextContent(
        'Clara Nguyen (me)',
      ),
    );

    await user.click(screen.getByRole('combobox', { name: /Assignee/ }));
    await user.click(await screen.findByRole('option', { name: 'Omar Reyes' }));
    const due = screen.getByLabelText(/Due date/);
    await user.clear(due);
    await user.type(due, localDay(3));
    await user.type(screen.getByLabelText(/Note/), 'Ask about the night');
    await user.click(screen.getByRole('button', { name: 'Create task' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((call) => call.url === API_PATHS.tasks.create);
    expect(bodyOf(sent)).toEqual({
      participant_id: 7,
      flag_id: 31,
      title: 'Follow up: Chest pain',
      due_on: localDay(3),
      assignee_id: 12,
      note: 'Ask about the night',
    });
    expect(await screen.findByText(TASK_MESSAGES.created)).toBeInTheDocument();
  });

  it('says what is wrong with the title and the due date, and sends nothing', async () => {
    const { calls } = serve();
    const { user } = renderDialog();
    const title = screen.getByLabelText(/Title/);
    await user.clear(title);
    await user.tab();
    expect(await screen.findByText(TASK_MESSAGES.titleRequired)).toBeInTheDocument();
    await user.type(title, 'x'.repeat(MAX_TASK_TITLE_LENGTH + 1));
    await user.tab();
    expect(await screen.findByText(TASK_MESSAGES.titleTooLong)).toBeInTheDocument();
    const due = screen.getByLabelText(/Due date/);
    await user.clear(due);
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText(TASK_MESSAGES.dueRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.url === API_PATHS.tasks.create)).toBe(false);
  });

  it('a due date in the past is not saved without asking', async () => {
    const { calls } = serve();
    const { user, onClose } = renderDialog();
    const due = screen.getByLabelText(/Due date/);
    await user.clear(due);
    await user.type(due, localDay(-1));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    const ask = await screen.findByRole('dialog', { name: TASK_MESSAGES.pastDueTitle });
    expect(calls.some((call) => call.url === API_PATHS.tasks.create)).toBe(false);
    // Changing the date goes back to the form, with nothing sent.
    await user.click(within(ask).getByRole('button', { name: 'Change the date' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: TASK_MESSAGES.pastDueTitle })).toBeNull(),
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: TASK_MESSAGES.pastDueTitle })).getByRole(
        'button',
        { name: 'Save anyway' },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.tasks.create))).toMatchObject({
      due_on: localDay(-1),
    });
  });
});
