import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  NudgeEffectiveness,
  NudgeEffectivenessRow,
} from '@recovery-portal/contract/nudge-effectiveness';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';
import { EFFECTIVENESS_TOP_TITLES } from './nudge-effectiveness-panel';

const WALK: NudgeEffectivenessRow = {
  title: 'Time for a short walk',
  sent: 4,
  opened: 3,
  thumbs_up: 2,
  thumbs_down: 1,
  no_feedback: 1,
  open_rate: 0.75,
  thumbs_up_share: 0.5,
  thumbs_down_share: 0.25,
  no_feedback_share: 0.25,
};
const WATER: NudgeEffectivenessRow = {
  title: 'Drink a glass of water',
  sent: 2,
  opened: 0,
  thumbs_up: 0,
  thumbs_down: 0,
  no_feedback: 2,
  open_rate: 0,
  thumbs_up_share: 0,
  thumbs_down_share: 0,
  no_feedback_share: 1,
};

const MAY: NudgeEffectiveness = {
  date_from: '2025-05-01',
  date_to: '2025-05-31',
  as_of: '2025-07-01',
  titles: [WALK, WATER],
  total_titles: 2,
  totals: {
    sent: 6,
    opened: 3,
    thumbs_up: 2,
    thumbs_down: 1,
    no_feedback: 3,
    open_rate: 0.5,
    thumbs_up_share: 0.3333,
    thumbs_down_share: 0.1667,
    no_feedback_share: 0.5,
  },
};

const EMPTY: NudgeEffectiveness = {
  ...MAY,
  titles: [],
  total_titles: 0,
  totals: {
    sent: 0,
    opened: 0,
    thumbs_up: 0,
    thumbs_down: 0,
    no_feedback: 0,
    open_rate: 0,
    thumbs_up_share: 0,
    thumbs_down_share: 0,
    no_feedback_share: 0,
  },
};

function serve(effectiveness: NudgeEffectiveness) {
  return mockFetch((call) => {
    if (call.url === API_PATHS.nudge.list) {
      return success({ nudges: [], total_number_of_records: 0 });
    }
    if (call.url.startsWith(API_PATHS.nudge.effectiveness)) return success(effectiveness);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

/** The Nudges route and the chart load lazily: slow on a busy machine. */
const LAZY_ROUTE = { timeout: 10_000 };

const effectivenessCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith(API_PATHS.nudge.effectiveness));

async function openPanel(route: string) {
  setCsrfCookie();
  const view = renderApp({ route, session: loginFor(clinicianUser) });
  const toggle = await screen.findByRole('button', { name: 'Effectiveness' }, LAZY_ROUTE);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await view.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return view;
}

beforeEach(() => {
  // recharts measures its container; jsdom has no layout, so a no-op observer suffices.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('nudge effectiveness panel', () => {
  it('clinician opens it and reads per title the feedback shares and open rate, for the chosen period', async () => {
    const { calls } = serve(MAY);
    await openPanel('/nudges?date_from=2025-05-01&date_to=2025-05-31');

    const figure = await screen.findByRole(
      'figure',
      { name: 'Feedback and opens by nudge title (Internal participants)' },
      LAZY_ROUTE,
    );
    expect(figure).toHaveAccessibleDescription(
      '6 nudges sent under 2 titles from May 01, 2025 to May 31, 2025: 33% thumbs up, 17% thumbs down, 50% no feedback; 50% opened.',
    );
    const table = within(figure).getByRole('table', { name: 'Nudge effectiveness by title' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TitleSentThumbs upThumbs downNo feedbackOpened',
      'Time for a short walk450%25%25%75%',
      // Never opened and no feedback at all: the honest zeros are still listed.
      'Drink a glass of water20%0%100%0%',
    ]);
    // The period and tab of the list go to the server; its other filters do not.
    const [call] = effectivenessCalls(calls);
    const query = new URL(call?.url ?? '', 'http://portal.test').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      date_from: '2025-05-01',
      date_to: '2025-05-31',
      user_type: 'Internal',
    });
  });

  it('asks the server nothing until it is opened', async () => {
    const { calls } = serve(MAY);
    setCsrfCookie();
    renderApp({ route: '/nudges', session: loginFor(clinicianUser) });
    await screen.findByRole('button', { name: 'Effectiveness' }, LAZY_ROUTE);
    await waitFor(() => expect(calls.some((call) => call.url === API_PATHS.nudge.list)).toBe(true));
    expect(effectivenessCalls(calls)).toHaveLength(0);
  });

  it('says so when nothing was sent in the period, without a chart or table', async () => {
    serve(EMPTY);
    await openPanel('/nudges?date_from=2025-05-01&date_to=2025-05-31');
    const figure = await screen.findByRole(
      'figure',
      { name: 'Feedback and opens by nudge title (Internal participants)' },
      LAZY_ROUTE,
    );
    expect(figure).toHaveAccessibleDescription(
      'No nudges were sent from May 01, 2025 to May 31, 2025.',
    );
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
  });

  it(`charts the ${EFFECTIVENESS_TOP_TITLES} most sent titles and shows the rest on request`, async () => {
    const many = Array.from({ length: EFFECTIVENESS_TOP_TITLES + 3 }, (_, index) => ({
      ...WALK,
      title: `Title ${index + 1}`,
    }));
    serve({ ...MAY, date_from: null, date_to: null, titles: many, total_titles: 60 });
    const { user } = await openPanel('/nudges');
    const figure = await screen.findByRole('figure', { name: /Feedback and opens/ }, LAZY_ROUTE);
    expect(figure).toHaveAccessibleDescription(/^6 nudges sent under 60 titles up to today:/);
    // Every returned title is in the table, whatever the chart shows.
    expect(within(figure).getAllByRole('row')).toHaveLength(many.length + 1);
    expect(within(figure).getByText('The 13 most sent of 60 titles are shown.')).toBeVisible();
    await user.click(within(figure).getByRole('button', { name: 'Show all 13 titles (3 more)' }));
    expect(
      within(figure).getByRole('button', { name: 'Show the 10 most sent titles' }),
    ).toBeVisible();
  });
});
