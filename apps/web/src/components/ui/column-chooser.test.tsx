import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '#app/lib/session.ts';
import { administratorUser, clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { ColumnChooser, columnStorageKey, useColumnChoice } from './column-chooser';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table';

type Person = { id: number; name: string; ward: string; phone: string };
const PEOPLE: Person[] = [{ id: 1, name: 'Ada', ward: 'North', phone: '555-0101' }];

const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'ward', header: 'Ward', cell: (row) => row.ward, optional: 'shown' },
  // A new column is one definition: the chooser offers it, hidden until chosen.
  { id: 'phone', header: 'Phone', cell: (row) => row.phone, optional: 'hidden' },
];

function People() {
  const choice = useColumnChoice('people', COLUMNS);
  return (
    <>
      <ColumnChooser choice={choice} />
      <DataTable label="People" columns={choice.columns} rows={PEOPLE} getRowId={(r) => r.id} />
    </>
  );
}

const headers = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

async function toggle(user: ReturnType<typeof userEvent.setup>, column: string) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  // The menu's code loads when it first opens.
  await user.click(await screen.findByRole('menuitemcheckbox', { name: column }));
  await user.keyboard('{Escape}');
}

describe('column chooser', () => {
  it('opens with its items and the first one focused, for keyboard use, though their code loads on opening', async () => {
    const user = userEvent.setup();
    startSession(loginFor(clinicianUser));
    render(<People />);

    screen.getByRole('button', { name: 'Columns' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Columns' });
    expect(within(menu).getAllByRole('menuitem').at(-1)).toHaveTextContent('Reset to default');
    await vi.waitFor(() =>
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Ward' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Phone' })).toHaveFocus();
  });

  it('offers only the optional columns, each checked as shown, always-shown ones not at all', async () => {
    const user = userEvent.setup();
    startSession(loginFor(clinicianUser));
    render(<People />);
    expect(headers()).toEqual(['Name', 'Ward']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu', { name: 'Columns' });
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['Ward', 'true'],
      ['Phone', 'false'],
    ]);
  });

  it('remembers a choice for the signed-in user, and another user keeps their own', async () => {
    const user = userEvent.setup();
    startSession(loginFor(clinicianUser));
    const first = render(<People />);
    await toggle(user, 'Phone');
    await toggle(user, 'Ward');
    expect(headers()).toEqual(['Name', 'Phone']);
    // Only what differs from the defaults is kept, under the user's id.
    expect(
      JSON.parse(window.localStorage.getItem(columnStorageKey(clinicianUser.id, 'people')) ?? ''),
    ).toEqual({ phone: true, ward: false });
    first.unmount();

    // The same user, a later visit: the choice is back.
    render(<People />);
    expect(headers()).toEqual(['Name', 'Phone']);

    // Someone else signs in on this browser: the defaults.
    act(() => {
      clearSession();
      startSession(loginFor(administratorUser));
    });
    expect(headers()).toEqual(['Name', 'Ward']);
  });

  it('Reset to default forgets the choice', async () => {
    const user = userEvent.setup();
    startSession(loginFor(clinicianUser));
    render(<People />);
    await toggle(user, 'Phone');
    expect(headers()).toEqual(['Name', 'Ward', 'Phone']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset to default' }));
    expect(headers()).toEqual(['Name', 'Ward']);
    expect(window.localStorage.getItem(columnStorageKey(clinicianUser.id, 'people'))).toBeNull();
  });

  it('a stored value someone tampered with falls back to the defaults', () => {
    startSession(loginFor(clinicianUser));
    const key = columnStorageKey(clinicianUser.id, 'people');
    for (const stored of ['not json', '["phone"]', '{"phone":"yes","ward":1}', 'null']) {
      window.localStorage.setItem(key, stored);
      const view = render(<People />);
      expect(headers()).toEqual(['Name', 'Ward']);
      view.unmount();
    }
  });
});
