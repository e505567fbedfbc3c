import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { stubViewportWidth } from '#app/testing/viewport.ts';

function serve() {
  return mockFetch((call) => {
    if (call.url === API_PATHS.user.groups) return success([{ id: 1, name: 'Knee Recovery' }]);
    if (call.url === API_PATHS.user.list) return success({ users: [], total_participants: 0 });
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openOnPhone(route: string) {
  stubViewportWidth(390);
  setCsrfCookie();
  serve();
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  await screen.findByRole('table', { name: 'Participants' }, { timeout: 10_000 });
  return view;
}

describe('participants toolbar on a phone', () => {
  it('folds status, sort, filters and cohort behind Filters, counting the ones applied', async () => {
    const { user } = await openOnPhone(
      '/participants?status=ALL&mine=1&programme=KNEE&orderBy=last_name&search=ann',
    );
    // All instead of Active, Mine and a programme: three; the sort and the search are no filters.
    const button = await screen.findByRole('button', { name: 'Filters (3 applied)' });
    expect(screen.queryByRole('group', { name: 'Participant status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Cohort' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search participants' })).toHaveValue('ann');

    await user.click(button);
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(within(panel).getByRole('group', { name: 'Participant status' })).toBeVisible();
    expect(within(panel).getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    expect(within(panel).getByRole('switch', { name: 'Mine' })).toBeChecked();
    expect(within(panel).getByRole('group', { name: 'Cohort' })).toBeVisible();

    // Taking one off lowers the count.
    await user.click(within(panel).getByRole('switch', { name: 'Mine' }));
    expect(await screen.findByRole('button', { name: 'Filters (2 applied)' })).toBeInTheDocument();
  });

  it('with the defaults nothing counts as applied', async () => {
    await openOnPhone('/participants');
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
