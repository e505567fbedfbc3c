import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageToStart, parsePage, useListState } from './list-state';
import type { ListState } from './list-state';

const DEFAULTS = { sort: 'date', status: '', search: '' } as const;
const ALLOWED = { sort: ['date', 'name'], status: ['', 'ACTIVE'] } as const;

function renderListState(url: string, options: { prefix?: string } = {}) {
  const latest: { current: ListState<keyof typeof DEFAULTS> | null } = { current: null };
  function Probe() {
    latest.current = useListState(DEFAULTS, { allowed: ALLOWED, ...options });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [url],
  });
  const view = render(<RouterProvider router={router} />);
  const state = () => {
    if (!latest.current) throw new Error('not rendered');
    return latest.current;
  };
  return { ...view, router, state };
}

describe('list state in the URL', () => {
  it('reads values and page from the URL, falling back to defaults for unknown values', () => {
    const { state } = renderListState('/list?sort=name&status=BOGUS&search=knee&page=3');
    expect(state().values).toEqual({ sort: 'name', status: '', search: 'knee' });
    expect(state().page).toBe(3);
  });

  it('changing a value goes back to page 1 and keeps defaults out of the URL', () => {
    const { state, router } = renderListState('/list?page=4&search=knee');
    act(() => state().setValues({ status: 'ACTIVE', search: '' }));
    expect(router.state.location.search).toBe('?status=ACTIVE');
    expect(state().page).toBe(1);
  });

  it('two changes before the list renders again both apply (a status click, then Enter in the search)', async () => {
    const { state, router } = renderListState('/list');
    const { setValues } = state();
    await act(async () => {
      setValues({ status: 'ACTIVE' });
      setValues({ search: 'knee' });
    });
    expect(router.state.location.search).toBe('?status=ACTIVE&search=knee');
    expect(state().values).toEqual({ sort: 'date', status: 'ACTIVE', search: 'knee' });
  });

  it('pages are pushed to history, so Back returns to the previous page', async () => {
    const { state, router } = renderListState('/list');
    act(() => state().setPage(2));
    expect(router.state.location.search).toBe('?page=2');
    await act(() => router.navigate(-1));
    expect(state().page).toBe(1);
  });

  it('reset restores every default', () => {
    const { state, router } = renderListState('/list?sort=name&page=2&other=kept');
    act(() => state().reset());
    expect(router.state.location.search).toBe('?other=kept');
  });

  it('a prefix keeps two lists on one page apart', () => {
    const { state, router } = renderListState('/list?a_sort=name&sort=date', { prefix: 'a_' });
    expect(state().values.sort).toBe('name');
    act(() => state().setPage(2));
    expect(router.state.location.search).toBe('?a_sort=name&sort=date&a_page=2');
  });

  it('goes back to page 1 when the watched value (the type tab) changes', async () => {
    function Harness() {
      const [type, setType] = useState('Internal');
      const { page } = useListState(DEFAULTS, { resetPageOn: type });
      return (
        <>
          <output aria-label="page">{page}</output>
          <button type="button" onClick={() => setType('Pilot')}>
            Pilot
          </button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/list', element: <Harness /> }], {
      initialEntries: ['/list?page=3'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pilot' }));
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('1');
    expect(router.state.location.search).toBe('');
  });

  it('maps a page to its offset and ignores malformed pages', () => {
    expect(pageToStart(1, 15)).toBe(0);
    expect(pageToStart(3, 15)).toBe(30);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('7')).toBe(7);
  });
});
