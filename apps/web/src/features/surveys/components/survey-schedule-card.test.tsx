import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdherenceItem } from '@recovery-portal/contract/adherence';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { SurveyScheduleCard } from './survey-schedule-card';

const KOOS: AdherenceItem = {
  survey_id: 3,
  title: 'KOOS Knee Survey',
  description: 'Knee injury and osteoarthritis outcome score',
  start_date: '2025-01-01',
  end_date: '2026-01-08',
  entries: [
    {
      timepoint: 'PRE_OP',
      label: 'PreOp',
      score: 65.994,
      score_text: 'KOOS JR 65.99',
      target_date: '2025-01-01',
      submitted_on: '2025-01-02T12:00:00Z',
    },
    {
      timepoint: 'WEEK_6',
      label: '6 Weeks',
      score: null,
      score_text: null,
      target_date: '2025-03-09',
      submitted_on: null,
    },
    {
      timepoint: 'MONTH_3',
      label: '3 Months',
      score: null,
      score_text: null,
      target_date: '2025-03-10',
      submitted_on: null,
    },
    {
      timepoint: 'MONTH_6',
      label: '6 Months',
      score: null,
      score_text: null,
      target_date: '2025-07-09',
      submitted_on: null,
    },
    {
      timepoint: 'MONTH_12',
      label: '12 Months',
      score: 'NA',
      score_text: null,
      target_date: '2026-01-08',
      submitted_on: null,
    },
  ],
};

function serve(adherence: () => Response | Promise<Response>) {
  return mockFetch((call) =>
    call.url.startsWith(API_PATHS.surgery.adherence)
      ? adherence()
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

describe('survey schedule card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clinician sees each survey against PreOp … 12 Months with their target dates', async () => {
    const { calls } = serve(() => success([KOOS]));
    renderWithProviders(<SurveyScheduleCard participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Survey Schedule' });
    await within(table).findByText('KOOS Knee Survey');
    expect(calls[0]?.url).toBe(`${API_PATHS.surgery.adherence}?user_id=7`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Survey',
      'PreOpJan 01, 2025',
      '6 WeeksMar 09, 2025',
      '3 MonthsMar 10, 2025',
      '6 MonthsJul 09, 2025',
      '12 MonthsJan 08, 2026',
    ]);
  });

  it('each cell says where the survey stands today: submitted, overdue, due today, due, not applicable', async () => {
    serve(() => success([KOOS]));
    renderWithProviders(<SurveyScheduleCard participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Survey Schedule' });
    await within(table).findByText('KOOS Knee Survey');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');

    expect(cells[1]).toHaveTextContent('KOOS JR 65.99Submitted on Jan 02, 2025');

    expect(cells[2]).toHaveTextContent('Overdue since Mar 09, 2025');
    const red = within(cells[2]!).getByRole('img', { name: 'Overdue' });
    expect(red).toHaveStyle({ backgroundColor: 'rgb(179, 38, 30)' });

    expect(cells[3]).toHaveTextContent('Due today');
    expect(within(cells[3]!).getByRole('img', { name: 'Due' })).toHaveStyle({
      backgroundColor: 'rgb(158, 158, 158)',
    });

    expect(cells[4]).toHaveTextContent('Due on Jul 09, 2025');
    expect(within(cells[4]!).getByRole('img', { name: 'Due' })).toBeInTheDocument();

    expect(within(cells[5]!).getByRole('img', { name: 'Not applicable' })).toBeInTheDocument();
    expect(cells[5]).not.toHaveTextContent(/Due|Overdue/);
  });

  it("the empty schedule says 'Loading...' while loading, then 'No data available'", async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<SurveyScheduleCard participantId={7} />);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(success([]));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("a failed load leaves the table saying 'No data available'", async () => {
    serve(() => failure(503, 'SERVICE_UNAVAILABLE', 'Down.'));
    renderWithProviders(<SurveyScheduleCard participantId={7} />);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
