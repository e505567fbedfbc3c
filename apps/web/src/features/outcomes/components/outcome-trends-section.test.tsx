import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutcomePoint, OutcomeTrends } from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { failure, mockFetch, success } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render-app';
import { OUTCOME_EMPTY_TEXT, OutcomeTrendsSection } from './outcome-trends-section';

const LABELS = ['PreOp', '6 Weeks', '3 Months', '6 Months', '12 Months'] as const;
const TIMEPOINTS = ['PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12'] as const;

function point(index: number, values: Partial<OutcomePoint>): OutcomePoint {
  return {
    timepoint: TIMEPOINTS[index] ?? 'PRE_OP',
    label: LABELS[index] ?? 'PreOp',
    score: null,
    submitted_on: null,
    expected: null,
    lower: null,
    upper: null,
    deviation: null,
    status: null,
    ...values,
  };
}

const KNEE: OutcomeTrends = {
  programme: 'KNEE',
  programme_source: 'SURGERY',
  procedure: 'TOTAL_KNEE_REPLACEMENT',
  surveys: [
    {
      survey_id: 1,
      title: 'KOOS JR Knee Survey',
      scale: { min: 0, max: 100, higher_is_better: true },
      points: [
        point(0, {
          score: 45,
          submitted_on: '2025-03-03T09:00:00Z',
          expected: 40,
          lower: 22.5,
          upper: 57.5,
          deviation: 5,
          status: 'WITHIN',
        }),
        point(1, {
          score: 30,
          submitted_on: '2025-04-21T09:00:00Z',
          expected: 54.9,
          lower: 37.4,
          upper: 72.4,
          deviation: -24.9,
          status: 'WORSE',
        }),
        point(2, {
          score: 90,
          submitted_on: '2025-06-09T09:00:00Z',
          expected: 67.3,
          lower: 50.3,
          upper: 84.3,
          deviation: 22.7,
          status: 'BETTER',
        }),
        point(3, { expected: 74.9, lower: 58.9, upper: 90.9 }),
        point(4, { expected: 79.9, lower: 65.4, upper: 94.4 }),
      ],
    },
    {
      // Scheduled but never answered: not charted.
      survey_id: 2,
      title: 'Pain Interference',
      scale: { min: 6, max: 30, higher_is_better: false },
      points: TIMEPOINTS.map((_, index) => point(index, { expected: 15, lower: 11, upper: 19 })),
    },
  ],
};

/** Room for a busy test machine. */
const SLOW = { timeout: 5000 };

function serve(trends: OutcomeTrends | 'error') {
  return mockFetch(({ url }) => {
    if (url.startsWith(API_PATHS.surgery.outcomeTrends)) {
      return trends === 'error'
        ? failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.')
        : success(trends);
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
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

describe('outcome trends section', () => {
  it('clinician reads each score against the expected recovery, deviations spelled out', async () => {
    const { calls } = serve(KNEE);
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);

    const figure = await screen.findByRole('figure', { name: 'KOOS JR Knee Survey' }, SLOW);
    expect(figure).toHaveAccessibleDescription(
      '3 scores, 2 outside the expected range. ' +
        '6 Weeks: 30, worse than expected (expected 54.9, range 37.4–72.4). ' +
        '3 Months: 90, better than expected (expected 67.3, range 50.3–84.3).',
    );
    expect(calls[0]?.url).toBe(`${API_PATHS.surgery.outcomeTrends}?user_id=7`);

    const table = within(figure).getByRole('table', {
      name: 'KOOS JR Knee Survey: scores against the expected recovery',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Timepoint', 'Score', 'Expected', 'Expected range', 'Deviation', 'Status'],
      ['PreOp', '45', '40', '22.5–57.5', '+5', 'Within expected range'],
      ['6 Weeks', '30', '54.9', '37.4–72.4', '-24.9', 'Worse than expected'],
      ['3 Months', '90', '67.3', '50.3–84.3', '+22.7', 'Better than expected'],
      ['6 Months', 'No score', '74.9', '58.9–90.9', '-', '-'],
      ['12 Months', 'No score', '79.9', '65.4–94.4', '-', '-'],
    ]);

    // The shapes' meaning is written out, not left to colour.
    const legend = screen.getByRole('list', { name: 'Chart legend' });
    expect(within(legend).getByText('Worse than expected (triangle)')).toBeVisible();
    expect(within(legend).getByText('Better than expected (diamond)')).toBeVisible();
    expect(
      screen.getByText(
        /Compared with the Knee replacement programme, from the latest surgery \(Total knee replacement\)\./,
      ),
    ).toBeVisible();
    // A questionnaire without any score gets no chart.
    expect(screen.queryByRole('figure', { name: 'Pain Interference' })).not.toBeInTheDocument();
  });

  it('without a curve the scores are still listed, with no comparison', async () => {
    serve({
      programme: null,
      programme_source: 'SURGERY',
      procedure: 'ROTATOR_CUFF_REPAIR',
      surveys: [
        {
          survey_id: 3,
          title: 'PROMIS Global Health',
          scale: null,
          points: TIMEPOINTS.map((_, index) => point(index, index === 1 ? { score: 21 } : {})),
        },
      ],
    });
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);
    const figure = await screen.findByRole('figure', { name: 'PROMIS Global Health' }, SLOW);
    expect(figure).toHaveAccessibleDescription(
      '1 score; there is no expected recovery curve for this questionnaire.',
    );
    expect(
      screen.getByText(/No expected recovery curve: the latest surgery \(Rotator cuff repair\)/),
    ).toBeVisible();
  });

  it('shows an empty state when the participant has no survey scores', async () => {
    serve({ ...KNEE, surveys: [KNEE.surveys[1]!] });
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);
    const section = await screen.findByRole('region', { name: 'Outcome trends' });
    expect(await within(section).findByText(OUTCOME_EMPTY_TEXT, {}, SLOW)).toBeVisible();
    expect(within(section).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what went wrong when the trends cannot be loaded', async () => {
    serve('error');
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Could not load the outcome trends: The database is unavailable right now.',
    );
  });
});
