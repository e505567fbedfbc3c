import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { bodyOf, failure, mockFetch, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { RUN_DATE, series, telemetryFixture } from '#app/features/telemetry/telemetry-fixtures.ts';
import { HomeHealthTelemetryCard } from './home-health-telemetry-card';

const weekly = (points: [string, number][]) => ({ unit: 'm', ...series(points) });

function userTrend() {
  const metric = weekly([]);
  return {
    date: RUN_DATE,
    weeks: [{ start: '2026-03-04', end: RUN_DATE }],
    metrics: {
      steps: metric,
      activity_mins: metric,
      distance: metric,
      stride_length: weekly([
        ['2026-02-25', 0.66],
        ['2026-03-04', 0.68],
      ]),
      calorie_out: metric,
      weight: metric,
      bmi: metric,
      sleep: metric,
      sleep_quality: metric,
      mood: metric,
      pain: metric,
      anxiety: metric,
    },
  };
}

function serve() {
  return mockFetch((call: FetchCall) => {
    const path = call.url.split('?')[0];
    if (path === API_PATHS.user.telemetry) return success(telemetryFixture());
    if (path === API_PATHS.trend.activity) {
      return success({
        date: RUN_DATE,
        steps: series([
          ['2026-03-09', 10200],
          [RUN_DATE, 12345],
        ]),
        active_time: series([
          ['2026-03-09', 45],
          [RUN_DATE, 90],
        ]),
        calorie_out: series([[RUN_DATE, 2215]]),
        distance: series([[RUN_DATE, 6.32]]),
      });
    }
    if (path === API_PATHS.trend.sleep) return success(series([[RUN_DATE, 452]]));
    if (path === API_PATHS.trend.mood) return success(series([]));
    if (path === API_PATHS.trend.bodyPain) return success(series([[RUN_DATE, 3]]));
    if (path === API_PATHS.trend.bodyWeight) return success(series([[RUN_DATE, 81.6]]));
    if (path === API_PATHS.trend.bmi) {
      return failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.');
    }
    if (path === API_PATHS.user.trend(7)) return success(userTrend());
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openCard() {
  const view = renderWithProviders(<HomeHealthTelemetryCard participantId={7} />);
  const card = await screen.findByRole('region', { name: 'Home Health Telemetry' });
  await within(card).findByRole('group', { name: 'Steps' });
  return { ...view, card };
}

const tile = (card: HTMLElement, name: string) => within(card).getByRole('group', { name });

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

describe('home health telemetry card', () => {
  it('clinician sees the tiles in their groups with the spec number formats', async () => {
    const { calls } = serve();
    const { card } = await openCard();
    expect(calls[0]?.url).toBe(`${API_PATHS.user.telemetry}?user_id=7`);
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Activity', 'Body Measurement & Diet', 'Sleep & Mood']);

    const expected: [string, string][] = [
      ['Activity mins', '102min'],
      ['Steps', '12,345steps'],
      ['Distance', '6.32km'],
      ['Stride length', '0.68m'],
      ['Weight', '82kg'],
      ['BMI', '27.35'],
      ['Daily Calories', '2,215kCal'],
      ['Sleep', '7h 32m'],
      ['Sleep Quality', '4/5'],
      ['Pain Score', '3/10'],
      ['Mood', '4/5'],
    ];
    for (const [name, text] of expected) expect(tile(card, name)).toHaveTextContent(text);
    expect(tile(card, 'Steps')).toHaveTextContent('Mar 10, 2026');
    expect(tile(card, 'Weight')).toHaveTextContent('Mar 08, 2026');
  });

  it("tiles with a reading from the run date or the day before carry a 'New' tag", async () => {
    serve();
    const { card } = await openCard();
    const isNew = (name: string) => within(tile(card, name)).queryByText('New') !== null;
    expect(isNew('Steps')).toBe(true);
    // Distance is from the day before the run date: still new.
    expect(isNew('Distance')).toBe(true);
    // Weight is two days old and stride length nine: not new.
    expect(isNew('Weight')).toBe(false);
    expect(isNew('Stride length')).toBe(false);
    expect(isNew('Anxiety')).toBe(false);
  });

  it('a tile without a reading says No data, without date, tag or arrow', async () => {
    serve();
    const { card } = await openCard();
    const anxiety = tile(card, 'Anxiety');
    expect(anxiety).toHaveTextContent(/^AnxietyNo data$/);
    expect(within(anxiety).queryByRole('img')).not.toBeInTheDocument();
  });

  it('each tile shows its trend arrow, and none when the trend is not available', async () => {
    serve();
    const { card } = await openCard();
    expect(within(tile(card, 'Steps')).getByRole('img')).toHaveAccessibleName(
      'Trend: sharply up, good',
    );
    expect(within(tile(card, 'Weight')).getByRole('img')).toHaveAccessibleName('Trend: up, bad');
    expect(within(tile(card, 'Stride length')).getByRole('img')).toHaveAccessibleName(
      'Trend: stable',
    );
    expect(within(tile(card, 'Daily Calories')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('the details button opens charts of the trend series as of the run date', async () => {
    const { calls } = serve();
    const { card, user } = await openCard();
    const toggle = within(card).getByRole('button', { name: 'View details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide details');

    const activeTime = await within(card).findByRole(
      'table',
      { name: 'Active time' },
      { timeout: 5000 },
    );
    // Spec §9: activity minutes are charted divided by 60 (hours).
    expect(
      within(activeTime)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Mar 09, 2026', '0.75'],
      ['Mar 10, 2026', '1.5'],
    ]);
    expect(within(card).getByRole('columnheader', { name: 'Active time (hours)' })).toBeVisible();
    expect(within(card).getByRole('table', { name: 'Steps' })).toHaveTextContent('12,345');
    expect(within(card).getByRole('table', { name: 'Sleep' })).toHaveTextContent('7.53');
    expect(within(card).getByRole('table', { name: 'Stride length' })).toHaveTextContent('0.68');

    const trendBodies = calls
      .filter((call) => call.url.startsWith('/api/trend/'))
      .map((call) => [call.url, bodyOf(call)]);
    expect(trendBodies).toEqual(
      expect.arrayContaining(
        ['activity', 'sleep', 'mood', 'body-pain', 'body-weight', 'bmi'].map((kind) => [
          `/api/trend/${kind}`,
          { user_id: 7, date_string: RUN_DATE },
        ]),
      ),
    );
    expect(calls.some((call) => call.url === `/api/user/id/7/trend?date_string=${RUN_DATE}`)).toBe(
      true,
    );
  });

  it('an empty series says so and a failed one looks like an error', async () => {
    serve();
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'View details' }));
    const mood = await within(card).findByRole('figure', { name: 'Mood' });
    expect(await within(mood).findByText('No readings in this period')).toBeInTheDocument();
    const bmi = within(card).getByRole('figure', { name: 'BMI' });
    const alert = await within(bmi).findByRole('alert');
    expect(alert).toHaveTextContent('The database is unavailable right now.');
    expect(alert).toHaveClass('MuiAlert-colorError');

    await user.click(within(card).getByRole('button', { name: 'Hide details' }));
    expect(within(card).queryByRole('figure', { name: 'Mood' })).not.toBeInTheDocument();
  });
});
