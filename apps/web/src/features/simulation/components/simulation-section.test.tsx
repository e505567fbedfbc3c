import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SIMULATION_MESSAGES } from '@recovery-portal/contract/simulation';
import type { SimulationEnrolment, SimulationProgram } from '@recovery-portal/contract/simulation';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { SimulationSection } from './simulation-section';

const program: SimulationProgram = {
  id: 2,
  code: 'KNEE_REPLACEMENT_12W',
  name: 'Knee replacement, 12 weeks',
  description: 'Recovery after a total knee replacement.',
  duration_days: 84,
  procedure: 'TOTAL_KNEE_REPLACEMENT',
};

const enrolment: SimulationEnrolment = {
  user_id: 7,
  program,
  enrolled_at: '2026-03-01T10:00:00Z',
  start_date: '2026-01-05',
  surgery_date: '2026-01-19',
  surgery_id: 9,
  current_run_date: '2026-03-01',
};

function serve(enrolled: SimulationEnrolment | null = null) {
  let current = enrolled;
  return mockFetch(({ url, init }) => {
    const path = url.split('?')[0];
    if (path === API_PATHS.simulation.program) return success(current);
    if (path === API_PATHS.simulation.state) {
      return success({ current_run_date: '2026-03-01', programs: [program] });
    }
    if (path === API_PATHS.simulation.enroll && init.method === 'POST') {
      current = enrolment;
      return success({
        message: SIMULATION_MESSAGES.enrolled(program.name),
        enrolment,
        generated: {
          measurements: 10,
          activity: 10,
          nudges: 2,
          conversations: 1,
          survey_responses: 1,
          pain_logs: 5,
        },
      });
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

describe('simulation section', () => {
  it('is not shown for participants who are not Demo', () => {
    const { calls } = serve();
    renderWithProviders(<SimulationSection participantId={7} userType="Pilot" />);
    expect(screen.queryByRole('region', { name: 'Simulation programme' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('clinician sees the current enrolment of a Demo participant', async () => {
    serve(enrolment);
    renderWithProviders(<SimulationSection participantId={7} userType="Demo" />);
    const section = await screen.findByRole('region', { name: 'Simulation programme' });
    expect(await within(section).findByText('Knee replacement, 12 weeks')).toBeInTheDocument();
    expect(within(section).getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(within(section).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Enroll/ })).not.toBeInTheDocument();
  });

  it('clinician enrolls a Demo participant after confirming and all data reloads', async () => {
    setCsrfCookie();
    const { calls } = serve();
    const { user, queryClient } = renderWithProviders(
      <SimulationSection participantId={7} userType="Demo" />,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(
      await screen.findByRole('button', { name: 'Enroll in Knee replacement, 12 weeks' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Enroll in Knee replacement, 12 weeks?',
    });
    expect(calls.some((call) => call.url === API_PATHS.simulation.enroll)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(SIMULATION_MESSAGES.enrolled(program.name))).toBeInTheDocument();
    const post = calls.find((call) => call.url === API_PATHS.simulation.enroll);
    expect(bodyOf(post)).toEqual({ user_id: 7, program_id: 2 });
    expect(invalidate).toHaveBeenCalledWith();
    expect(await screen.findByText('Current run date')).toBeInTheDocument();
  });
});
