import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ProgrammeOutcomes } from '@recovery-portal/contract/programme-outcomes';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const TIMEPOINTS = ['PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12'] as const;
const LABELS = ['PreOp', '6 Weeks', '3 Months', '6 Months', '12 Months'] as const;

const FIGURES: ProgrammeOutcomes = {
  participants: 84,
  demo: true,
  measures: [
    {
      measure: 'KOOS_JR',
      label: 'KOOS JR',
      name: 'KOOS JR interval score',
      min: 0,
      max: 100,
      higher_is_better: true,
      scale_text: '0–100, 100 = best',
      n: 84,
      points: TIMEPOINTS.map((timepoint, index) =>
        index === 4
          ? { timepoint, label: LABELS[index] ?? '', n: 6, p25: null, median: null, p75: null }
          : {
              timepoint,
              label: LABELS[index] ?? '',
              n: 80 - index * 10,
              p25: 40 + index * 8,
              median: 50 + index * 8,
              p75: 60 + index * 8,
            },
      ),
      rates: [
        {
          kind: 'MCID',
          timepoint: 'MONTH_3',
          threshold: 14,
          eligible: 60,
          reached: 42,
          percent: 70,
          published: [
            {
              percent: 76.5,
              text: '76.5% of 64,773 knees reached the anchor-based MCID of 14 at 12 months',
              cite: 'AJRR, J Bone Joint Surg Am 2026',
            },
          ],
        },
      ],
      completion: TIMEPOINTS.map((timepoint, index) => ({
        timepoint,
        due: index === 4 ? 0 : 100,
        submitted: index === 4 ? 0 : 80,
        percent: index === 4 ? null : 80,
      })),
    },
  ],
  behind: [
    {
      user_id: 12,
      first_name: 'Ruth',
      last_name: 'Okafor',
      measure: 'KOOS_JR',
      label: 'KOOS JR',
      latest_timepoint: 'MONTH_6',
      latest_score: 57.14,
      improvement: 9.653,
      short_of: [
        { kind: 'MCID', threshold: 14 },
        { kind: 'PASS', threshold: 63.7 },
      ],
      flag_status: 'OPEN',
      detected_at: '2026-05-02T09:00:00Z',
    },
    {
      user_id: 14,
      first_name: 'Ola',
      last_name: 'Berg',
      measure: 'KOOS_JR',
      label: 'KOOS JR',
      latest_timepoint: 'MONTH_3',
      latest_score: 55.2,
      improvement: 3.1,
      short_of: [{ kind: 'MCID', threshold: 14 }],
      flag_status: null,
      detected_at: null,
    },
  ],
  behind_total: 3,
};

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function serve(figures: ProgrammeOutcomes | 'error') {
  return mockFetch(({ url }) => {
    if (url.startsWith(API_PATHS.outcomes.programme)) {
      return figures === 'error'
        ? failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.')
        : success(figures);
    }
    if (url.startsWith(API_PATHS.user.groups)) return success([]);
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

describe('programme outcomes screen', () => {
  it('clinician opens Outcomes from the main menu and reads each score, the shares and who is behind', async () => {
    const { calls } = serve(FIGURES);
    renderApp({ route: '/outcomes?programme=KNEE', session: loginFor(clinicianUser) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Programme outcomes' }),
    ).toBeVisible();
    // The menu is a lazy chunk: it may arrive after the screen's heading.
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Outcomes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await screen.findByText('84 participants (type Internal · programme KNEE).'),
    ).toBeVisible();
    expect(calls.find((call) => call.url.startsWith(API_PATHS.outcomes.programme))?.url).toBe(
      `${API_PATHS.outcomes.programme}?type=Internal&programme=KNEE`,
    );
    expect(screen.getByText(/Demo data: some or all of these scores/)).toBeVisible();
    // The filters are labelled controls.
    expect(screen.getByRole('group', { name: 'Filters' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Mine' })).not.toBeChecked();

    const card = screen.getByRole('region', { name: 'KOOS JR · KOOS JR interval score' });
    expect(
      within(card).getByText(
        /84 participants with a KOOS JR score\. Median by timepoint: PreOp 50\.00/,
      ),
    ).toBeVisible();
    const scores = within(card).getByRole('table', {
      name: 'KOOS JR: scores and completion by timepoint',
    });
    const rows = within(scores)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows[0]).toEqual([
      'Timepoint',
      'Scores (n)',
      'Median',
      'Middle half',
      'Questionnaires submitted',
    ]);
    expect(rows[1]).toEqual(['PreOp', '80', '50.00', '40.00 to 60.00', '80% (80 of 100 due)']);
    expect(rows[5]).toEqual(['12 Months', '6', '-', 'Too few (fewer than 10)', '- (0 of 0 due)']);
    const rates = within(card).getByRole('table', {
      name: 'KOOS JR: shares reaching the published thresholds',
    });
    expect(rates).toHaveTextContent('Reached the MCID at 3 months (MCID 14)');
    expect(rates).toHaveTextContent('70% (42 of 60)');
    expect(rates).toHaveTextContent(
      '76.5% of 64,773 knees reached the anchor-based MCID of 14 at 12 months (AJRR, J Bone Joint Surg Am 2026)',
    );

    const behind = screen.getByRole('region', { name: 'Not improving as expected' });
    expect(
      within(behind).getByText(/^The first 2 of 3 whose latest score falls short of the MCID/),
    ).toBeVisible();
    expect(within(behind).getByRole('link', { name: 'Ruth Okafor' })).toHaveAttribute(
      'href',
      '/participant-details/12',
    );
    const behindRows = within(within(behind).getByRole('table'))
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(behindRows.slice(0, 3)).toEqual([
      [
        'Participant',
        'Score',
        'Latest',
        'Improvement from PreOp',
        'Short of',
        'Flag',
        'Flagged on',
      ],
      [
        'Ruth Okafor',
        'KOOS JR',
        '57.14 at 6 Months',
        '+9.65',
        'MCID 14 and PASS 63.7',
        'Open',
        'May 2, 2026',
      ],
      ['Ola Berg', 'KOOS JR', '55.20 at 3 Months', '+3.10', 'MCID 14', 'Not flagged', '-'],
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download FHIR' })).toBeVisible();
  });

  it('Mine narrows the figures to my caseload', async () => {
    const { calls, user } = {
      ...serve(FIGURES),
      ...renderApp({ route: '/outcomes', session: loginFor(clinicianUser) }),
    };
    await screen.findByText('84 participants (type Internal).');
    await user.click(screen.getByRole('switch', { name: 'Mine' }));
    await vi.waitFor(() => expect(calls.some((call) => call.url.includes('mine=true'))).toBe(true));
  });

  it('says what went wrong when the figures cannot be loaded', async () => {
    serve('error');
    renderApp({ route: '/outcomes', session: loginFor(clinicianUser) });
    expect(
      await screen.findByText(/Could not load the programme outcomes: The database is unavailable/),
    ).toBeVisible();
  });
});
