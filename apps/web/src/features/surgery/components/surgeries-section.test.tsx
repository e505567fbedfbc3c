import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { SurgeriesSection } from './surgeries-section';

const knee: Surgery = {
  id: 4,
  user_id: 7,
  procedure: 'TOTAL_KNEE_REPLACEMENT',
  side: 'LEFT',
  surgery_date: '2026-03-02',
  surgeon: 'Dr Amal Hassan',
  hospital: 'St Mary Hospital',
  notes: 'Cemented implant',
  image_count: 3,
  created_at: '2026-02-01T10:00:00Z',
  updated_at: '2026-02-01T10:00:00Z',
};

function serve(surgeries: Surgery[] = [knee]) {
  return mockFetch(({ url, init }) => {
    const path = url.split('?')[0];
    if (path === API_PATHS.surgery.list) return success(surgeries);
    if (path === API_PATHS.surgery.surgery && init.method === 'POST') {
      const body = bodyOf({ url, init, headers: {} }) as Record<string, unknown>;
      return success({
        message: SURGERY_MESSAGES.added,
        surgery: { ...knee, ...body, id: 5, image_count: 0 },
        surveys_scheduled: 5,
        surveys_rescheduled: 0,
      });
    }
    if (path === API_PATHS.surgery.surgery && init.method === 'PUT') {
      return failure(404, 'NOT_FOUND', SURGERY_MESSAGES.notFound(4, 7));
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

describe('surgeries section', () => {
  it('clinician sees the surgeries with procedure, side, date, surgeon, hospital, notes and images', async () => {
    const { calls } = serve();
    renderWithProviders(<SurgeriesSection participantId={7} />);
    const table = await screen.findByRole('table', { name: 'Surgeries' });
    const row = await within(table).findByRole('row', { name: /Total knee replacement/ });
    expect(calls[0]?.url).toBe(`${API_PATHS.surgery.list}?user_id=7`);
    for (const text of [
      'Total knee replacement (Left)',
      'Mar 2, 2026',
      'Dr Amal Hassan',
      'St Mary Hospital',
      'Cemented implant',
      '3',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('clinician adds a surgery; Save stays disabled until surgeon and hospital are valid', async () => {
    setCsrfCookie();
    const { calls } = serve([]);
    const { user } = renderWithProviders(<SurgeriesSection participantId={7} />);
    await screen.findByText('No surgeries recorded');
    await user.click(screen.getByRole('button', { name: 'Add surgery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add surgery' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const surgeon = within(dialog).getByLabelText(/Surgeon/);
    await user.type(surgeon, '   ');
    await user.tab();
    expect(await within(dialog).findByText(SURGERY_MESSAGES.surgeonRequired)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(surgeon);
    await user.type(surgeon, 'Dr Lee');
    await user.type(within(dialog).getByLabelText(/Hospital/), 'General Hospital');
    const date = within(dialog).getByLabelText(/Surgery date/);
    await user.clear(date);
    await user.type(date, '1900-01-01');
    await user.tab();
    expect(await within(dialog).findByText(SURGERY_MESSAGES.dateOutOfRange)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(date);
    await user.type(date, '2026-01-15');

    await user.click(within(dialog).getByRole('combobox', { name: 'Side' }));
    await user.click(await screen.findByRole('option', { name: 'Right' }));
    await user.type(within(dialog).getByLabelText(/Notes/), 'Revision');
    await expect.poll(() => save.hasAttribute('disabled')).toBe(false);
    await user.click(save);

    expect(await screen.findByText(SURGERY_MESSAGES.added)).toBeInTheDocument();
    const post = calls.find((call) => call.init.method === 'POST');
    expect(bodyOf(post)).toEqual({
      user_id: 7,
      procedure: 'TOTAL_KNEE_REPLACEMENT',
      side: 'RIGHT',
      surgery_date: '2026-01-15',
      surgeon: 'Dr Lee',
      hospital: 'General Hospital',
      notes: 'Revision',
    });
    expect(screen.queryByRole('dialog', { name: 'Add surgery' })).not.toBeInTheDocument();
  });

  it("clinician edits a surgery and sees the server's refusal as an error", async () => {
    setCsrfCookie();
    const { calls } = serve();
    const { user } = renderWithProviders(<SurgeriesSection participantId={7} />);
    await user.click(await screen.findByRole('button', { name: /^Edit Total knee replacement/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit surgery' });
    expect(within(dialog).getByLabelText(/Surgeon/)).toHaveValue('Dr Amal Hassan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(SURGERY_MESSAGES.notFound(4, 7));
    expect(alert.closest('.notistack-MuiContent-error')).not.toBeNull();
    expect(bodyOf(calls.find((call) => call.init.method === 'PUT'))).toMatchObject({
      id: 4,
      user_id: 7,
      surgeon: 'Dr Amal Hassan',
    });
  });
});
