import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ParticipantSurveysCard } from './participant-surveys-card';

const SUBMITTED: SurveyResponse = {
  id: 91,
  survey_id: 3,
  title: 'KOOS Knee Survey',
  description:
    'This survey asks for your opinion about your knee and helps us keep track of how you feel and function',
  timepoint: 'WEEK_6',
  timepoint_label: '6 Weeks',
  target_date: '2025-03-09',
  submitted_at: '2025-03-10T12:00:00Z',
  survey_status: 'SUBMITTED',
  score: 65.994,
  scores: [
    {
      measure: 'KOOS_JR',
      label: 'KOOS JR',
      value: 65.994,
      display: 'KOOS JR 65.99 (0–100, 100 = best)',
      not_scorable_reason: null,
    },
  ],
  scoring_note: null,
  content: [
    {
      question: 'How often do you experience knee pain?',
      options: ['Never', 'Monthly', 'Weekly', 'Daily', 'Always'],
      selected_option: 2,
    },
    {
      question: 'Do you feel grinding when your knee moves?',
      options: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
      selected_option: 0,
    },
  ],
};

const PENDING: SurveyResponse = {
  ...SUBMITTED,
  id: 92,
  timepoint: 'MONTH_3',
  timepoint_label: '3 Months',
  description: 'Short one',
  target_date: '2025-06-08',
  submitted_at: null,
  survey_status: 'PENDING',
  score: null,
  scores: [],
  scoring_note: null,
  content: [],
};

const NOT_SCORABLE: SurveyResponse = {
  ...SUBMITTED,
  id: 93,
  title: 'PROMIS Global Health v1.2',
  score: null,
  scores: [
    {
      measure: 'PROMIS_GPH',
      label: 'GPH T',
      value: null,
      display: 'GPH T not scorable',
      not_scorable_reason: '1 item is unanswered.',
    },
    {
      measure: 'PROMIS_GMH',
      label: 'GMH T',
      value: 50.8,
      display: 'GMH T 50.8 (T-score, mean 50, SD 10, higher = better)',
      not_scorable_reason: null,
    },
  ],
};

function serve(surveys: () => Response) {
  return mockFetch((call) =>
    call.url.startsWith(API_PATHS.nudge.surveyResponses)
      ? surveys()
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

async function showSurveys() {
  const view = renderWithProviders(<ParticipantSurveysCard participantId={7} firstName="Jane" />);
  const table = await screen.findByRole('table', { name: 'Jane surveys' });
  return { ...view, table };
}

describe('surveys on the profile', () => {
  it("clinician sees '<first name> surveys' with title, description cut to 13 words, dates and status", async () => {
    const { calls } = serve(() => success([PENDING, SUBMITTED]));
    const { table } = await showSurveys();
    expect(calls[0]?.url).toBe(`${API_PATHS.nudge.surveyResponses}?user_id=7`);
    expect(screen.getByRole('heading', { name: 'Jane surveys' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Description', 'Date', 'Submitted Date', 'Score', 'Status']);
    // Answered first, then what is due, whatever order the call gives.
    const [, submitted, pending] = within(table).getAllByRole('row');
    expect(pending).toHaveTextContent('KOOS Knee SurveyShort oneJun 08, 2025--Pending');
    expect(submitted).toHaveTextContent(
      'This survey asks for your opinion about your knee and helps us keep...',
    );
    expect(submitted).toHaveTextContent(
      'Mar 09, 2025Mar 10, 2025KOOS JR 65.99 (0–100, 100 = best)Submitted',
    );
  });

  it('a score the instrument rules out is shown as not scorable, with the reason', async () => {
    serve(() => success([NOT_SCORABLE]));
    const { table } = await showSurveys();
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('GPH T not scorable: 1 item is unanswered.');
    expect(row).toHaveTextContent('GMH T 50.8 (T-score, mean 50, SD 10, higher = better)');
  });

  it('the card is hidden when the participant has no surveys', async () => {
    const { spy } = serve(() => success([]));
    const { container } = renderWithProviders(
      <ParticipantSurveysCard participantId={7} firstName="Jane" />,
    );
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('clicking a survey opens an 80vw dialog with numbered questions and the chosen option highlighted', async () => {
    serve(() => success([SUBMITTED]));
    const { user, table } = await showSurveys();
    await user.click(within(table).getByText('KOOS Knee Survey'));

    const dialog = await screen.findByRole('dialog', { name: /KOOS Knee Survey/ });
    expect(dialog).toHaveStyle({ width: '80vw' });
    expect(within(dialog).getByText(SUBMITTED.description)).toBeInTheDocument();
    expect(within(dialog).getByText('KOOS JR 65.99 (0–100, 100 = best)')).toBeInTheDocument();

    const questions = within(within(dialog).getByRole('list', { name: 'Questions' })).getAllByRole(
      'listitem',
    );
    expect(questions).toHaveLength(2);
    expect(questions[0]?.closest('ol')).not.toBeNull();

    const first = within(dialog).getByRole('radiogroup', {
      name: 'How often do you experience knee pain?',
    });
    const options = within(first).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual(SUBMITTED.content[0]!.options);
    const chosen = within(first).getByRole('radio', { checked: true });
    expect(chosen).toHaveTextContent('Weekly');
    expect(chosen).toHaveStyle({ fontWeight: '700' });
    expect(within(first).getByRole('radio', { name: 'Never' })).not.toBeChecked();

    const second = within(dialog).getByRole('radiogroup', {
      name: 'Do you feel grinding when your knee moves?',
    });
    expect(within(second).getByRole('radio', { checked: true })).toHaveTextContent('Never');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
