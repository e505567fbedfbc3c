import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NudgeDetail } from '@recovery-portal/contract/nudges';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const NUDGE: NudgeDetail = {
  id: 55,
  title: 'Bend and stretch',
  content: 'Ten slow knee bends before lunch.',
  target_date: '2025-04-02',
  participant_id: 9,
  participant_name: 'Priya Raman',
  send_time: '11:15',
  tracking_type: 'COMPLETED',
  feedback_type: 'THUMBS_DOWN',
  opened_at: null,
};

describe('nudge details', () => {
  it('clinician sees a nudge with its date, participant link, texts, time, status and feedback', async () => {
    const { calls } = mockFetch(({ url }) =>
      url === API_PATHS.nudge.byId(55) ? success(NUDGE) : failure(404, 'NOT_FOUND', 'Nope.'),
    );
    renderApp({ route: '/nudge-details/55', session: loginFor(clinicianUser) });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bend and stretch' }),
    ).toBeVisible();
    // The layout's idle logoff asks for the session policy alongside.
    expect(calls.map((call) => call.url)).toContain('/api/nudge/55');
    expect(screen.getByText('Ten slow knee bends before lunch.')).toBeInTheDocument();
    expect(screen.getByText('Apr 02, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Raman' })).toHaveAttribute(
      'href',
      '/participant-details/9',
    );
    expect(screen.getByText('11:15')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Thumbs down' })).toBeInTheDocument();
    expect(screen.getByText('Not opened yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to nudges' })).toHaveAttribute('href', '/nudges');
  });

  it('an unknown nudge id shows a clear not-found state', async () => {
    mockFetch(() => failure(404, 'NOT_FOUND', 'This nudge does not exist.'));
    renderApp({ route: '/nudge-details/999', session: loginFor(clinicianUser) });
    expect(await screen.findByRole('heading', { name: 'Nudge not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no nudge with the id 999/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to nudges' })).toBeInTheDocument();
  });

  it('a malformed id is not found without asking the server', async () => {
    const { calls } = mockFetch(() => success(NUDGE));
    renderApp({ route: '/nudge-details/abc', session: loginFor(clinicianUser) });
    expect(await screen.findByRole('heading', { name: 'Nudge not found' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/nudge/'))).toHaveLength(0);
  });

  it('another failure shows the server sentence instead of the nudge', async () => {
    mockFetch(() => failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.'));
    renderApp({ route: '/nudge-details/55', session: loginFor(clinicianUser) });
    expect(
      await screen.findByText('The database is unavailable right now.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
