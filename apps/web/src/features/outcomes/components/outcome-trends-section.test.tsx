import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  OutcomePoint,
  OutcomeSurvey,
  OutcomeTrends,
} from '@recovery-portal/contract/outcomes';
import { MARKER_LEGEND_ORDER, OUTCOME_MARKERS } from '@recovery-portal/contract/outcome-markers';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { OUTCOME_EMPTY_TEXT, OutcomeTrendsSection } from './outcome-trends-section';

const LABELS = ['PreOp', '6 Weeks', '3 Months', '6 Months', '12 Months'] as const;
const TIMEPOINTS = ['PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12'] as const;

function point(index: number, values: Partial<OutcomePoint>): OutcomePoint {
  return {
    timepoint: TIMEPOINTS[index] ?? 'PRE_OP',
    label: LABELS[index] ?? 'PreOp',
    score: null,
    submitted_on: null,
    not_scorable_reason: null,
    improvement: null,
    status: null,
    ...values,
  };
}

const KOOS: OutcomeSurvey = {
  survey_id: 1,
  title: 'KOOS JR Knee Survey',
  measure: 'KOOS_JR',
  label: 'KOOS JR',
  name: 'KOOS JR interval score',
  min: 0,
  max: 100,
  higher_is_better: true,
  scale_text: '0–100, 100 = best',
  mcid: {
    value: 14,
    cite: 'Lyman et al. 2018',
    source: 'Lyman S, et al. Clin Orthop Relat Res. 2018.',
  },
  pass: {
    value: 63.7,
    cite: 'Kunze et al. 2022',
    source: 'Kunze KN, et al. J Bone Joint Surg Am. 2022.',
  },
  scb: { value: 20, cite: 'AJRR, J Bone Joint Surg Am 2026', source: 'AJRR study.' },
  cohort: {
    label: 'This clinic, total knee replacement: median and middle half, n = 84 (demo data)',
    procedure: 'TOTAL_KNEE_REPLACEMENT',
    n: 84,
    demo: true,
    points: [
      { timepoint: 'PRE_OP', n: 80, p25: 42.281, median: 50.012, p75: 57.14, percentile: 41 },
      { timepoint: 'WEEK_6', n: 9, p25: null, median: null, p75: null, percentile: null },
      { timepoint: 'MONTH_3', n: 60, p25: 59.381, median: 65.994, p75: 70.704, percentile: 52 },
      { timepoint: 'MONTH_6', n: 40, p25: 63.776, median: 70.704, p75: 76.332, percentile: 12 },
      { timepoint: 'MONTH_12', n: 0, p25: null, median: null, p75: null, percentile: null },
    ],
  },
  cohort_note: null,
  points: [
    point(0, { score: 47.487, submitted_on: '2025-03-03T09:00:00Z' }),
    point(1, { score: 57.14, submitted_on: '2025-04-21T09:00:00Z', improvement: 9.653 }),
    point(2, {
      score: 65.994,
      submitted_on: '2025-06-09T09:00:00Z',
      improvement: 18.507,
      status: 'IMPROVING',
    }),
    point(3, {
      score: 57.14,
      submitted_on: '2025-09-08T09:00:00Z',
      improvement: 9.653,
      status: 'NOT_IMPROVING',
    }),
    point(4, {}),
  ],
};

const KNEE: OutcomeTrends = {
  programme: 'KNEE',
  programme_source: 'SURGERY',
  procedure: 'TOTAL_KNEE_REPLACEMENT',
  surveys: [
    KOOS,
    {
      // Scheduled but never answered: not charted.
      ...KOOS,
      survey_id: 2,
      title: 'PROMIS Pain Interference 4a',
      measure: 'PROMIS_PI_4A',
      label: 'PI T',
      points: TIMEPOINTS.map((_, index) => point(index, {})),
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
  it('clinician reads each published score against its MCID and PASS, with sources', async () => {
    const { calls } = serve(KNEE);
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);

    const figure = await screen.findByRole(
      'figure',
      { name: 'KOOS JR · KOOS JR Knee Survey' },
      SLOW,
    );
    expect(figure).toHaveAccessibleDescription(
      '4 scores. 3 Months: 65.99 (better by 18.51 from PreOp), clinically important improvement. ' +
        '6 Months: 57.14 (better by 9.65 from PreOp), not improving as expected.',
    );
    expect(calls[0]?.url).toBe(`${API_PATHS.surgery.outcomeTrends}?user_id=7`);
    expect(
      within(figure).getByText(
        'KOOS JR interval score (0–100, 100 = best) · MCID 14 · PASS 63.7 · SCB 20',
      ),
    ).toBeVisible();
    // The band says what it is, and where it is not drawn.
    expect(
      within(figure).getByText(
        'Band: This clinic, total knee replacement: median and middle half, n = 84 (demo data).',
      ),
    ).toBeVisible();
    expect(
      within(figure).getByText(
        'Too few comparable patients for a band (fewer than 10) at 6 Weeks (n = 9), 12 Months (n = 0).',
      ),
    ).toBeVisible();
    expect(within(figure).getByText(/Published KOOS JR means before surgery/)).toBeVisible();
    // Each publication once, with every figure the chart takes from it.
    const sources = within(figure).getByRole('list', { name: 'KOOS JR sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(' (')[0])).toEqual([
      'Lyman et al. 2018',
      'Kunze et al. 2022',
      'AJRR, J Bone Joint Surg Am 2026',
      'registry, Bone Joint Open 2022',
    ]);
    expect(items[1]).toHaveTextContent(
      'Kunze et al. 2022 (PASS 63.7; 85.8% of 4,036 knees reached the PASS of 63.7 at 2 years)',
    );
    expect(items[3]).toHaveTextContent('mean before surgery 51.6 ± 11.5');

    const table = within(figure).getByRole('table', {
      name: 'KOOS JR: scores against the MCID and PASS, and this clinic',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Timepoint',
        'Score',
        'Change from PreOp',
        'Status',
        'This clinic: median (middle half), n',
        'Percentile in this clinic',
      ],
      ['PreOp', '47.49', '-', '-', '50.01 (42.28-57.14), n = 80', '41st'],
      ['6 Weeks', '57.14', 'better by 9.65', '-', 'Too few (n = 9)', '-'],
      [
        '3 Months',
        '65.99',
        'better by 18.51',
        'Clinically important improvement',
        '65.99 (59.38-70.70), n = 60',
        '52nd',
      ],
      [
        '6 Months',
        '57.14',
        'better by 9.65',
        'Not improving as expected',
        '70.70 (63.78-76.33), n = 40',
        '12th',
      ],
      ['12 Months', 'No score', '-', '-', 'Too few (n = 0)', '-'],
    ]);

    // The shapes' meaning is written out, not left to colour, in the contract's words (the PDF's).
    const legend = screen.getByRole('list', { name: 'Chart legend' });
    expect(within(legend).getByText('Not improving as expected (triangle)')).toBeVisible();
    expect(within(legend).getByText('Clinically important improvement (diamond)')).toBeVisible();
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      ...MARKER_LEGEND_ORDER.map((kind) => OUTCOME_MARKERS[kind].label),
      "Shaded bar and tick: this clinic's comparable patients, middle half and median",
    ]);
    expect(
      screen.getByText(
        /Knee replacement programme, from the latest surgery \(Total knee replacement\)\./,
      ),
    ).toBeVisible();
    // A score without any value gets no chart.
    expect(screen.queryByRole('figure', { name: /PI T/ })).not.toBeInTheDocument();
  });

  it('a score without published thresholds is listed without a judgement, and says why a point has no score', async () => {
    serve({
      programme: null,
      programme_source: 'SURGERY',
      procedure: 'ROTATOR_CUFF_REPAIR',
      surveys: [
        {
          ...KOOS,
          survey_id: 3,
          title: 'PROMIS Global Health v1.2',
          measure: 'PROMIS_GPH',
          label: 'GPH T',
          mcid: null,
          pass: null,
          scb: null,
          cohort: null,
          cohort_note:
            'No surgery is recorded, so there are no comparable patients in this clinic to draw.',
          points: TIMEPOINTS.map((_, index) =>
            point(
              index,
              index === 1
                ? { score: 42.3 }
                : index === 2
                  ? { not_scorable_reason: '1 item is unanswered.' }
                  : {},
            ),
          ),
        },
      ],
    });
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);
    const figure = await screen.findByRole(
      'figure',
      { name: 'GPH T · PROMIS Global Health v1.2' },
      SLOW,
    );
    expect(figure).toHaveAccessibleDescription(
      '1 score; no published MCID or PASS is entered for GPH T.',
    );
    expect(within(figure).getByRole('table')).toHaveTextContent('1 item is unanswered.');
    // PROMIS Global Health has no arthroplasty thresholds: the chart says so.
    expect(
      within(figure).getByText(/No arthroplasty MCID, PASS or means after knee or hip replacement/),
    ).toBeVisible();
    expect(
      within(figure).getByText(/No surgery is recorded, so there are no comparable/),
    ).toBeVisible();
    expect(
      screen.getByText(
        /The latest surgery \(Rotator cuff repair\) is outside the recovery programmes/,
      ),
    ).toBeVisible();
  });

  it('PROMIS Pain Interference explains its ceiling instead of a mean band', async () => {
    serve({
      ...KNEE,
      surveys: [
        {
          ...KOOS,
          title: 'PROMIS Pain Interference 4a',
          measure: 'PROMIS_PI_4A',
          label: 'PI T',
          scb: null,
          pass: null,
        },
      ],
    });
    renderWithProviders(<OutcomeTrendsSection participantId={7} />);
    const figure = await screen.findByRole('figure', { name: /PI T/ }, SLOW);
    expect(
      within(figure).getByText(
        /Many patients reach the best possible score \(41\.6, no interference\): 76%/,
      ),
    ).toBeVisible();
    expect(
      within(figure).getByText(/a mean ± SD band would not describe the scores/),
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
