import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Labs } from '@recovery-portal/contract/telemetry';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import {
  emptyLabs,
  labReading,
  telemetryFixture,
} from '#app/features/telemetry/telemetry-fixtures.ts';
import { LabsVitalsCard } from './labs-vitals-card';

function labsFixture(): Labs {
  const labs = emptyLabs();
  labs.blood_pressure.systolic = {
    HOME: labReading('HOME', 118, '2026-03-09', {
      unit: 'mm[Hg]',
      insight: { direction: 'DOWN', effect: 'GOOD' },
    }),
    CLINIC: labReading('CLINIC', 131, '2026-02-20', { unit: 'mm[Hg]' }),
  };
  labs.blood_pressure.diastolic = {
    HOME: labReading('HOME', 77, '2026-03-09', { unit: 'mm[Hg]' }),
    CLINIC: null,
  };
  // The server sent no average glucose for the clinic: the tile derives it from HbA1c.
  labs.blood_glucose.hba1c = {
    HOME: null,
    CLINIC: labReading('CLINIC', 7, '2026-02-20', { unit: '%' }),
  };
  labs.cholesterol.ldl = {
    HOME: null,
    CLINIC: labReading('CLINIC', 1142, '2026-02-20', {
      insight: { direction: 'UP', effect: 'BAD' },
    }),
  };
  return labs;
}

function serve(labs: Labs = labsFixture()) {
  return mockFetch((call) =>
    call.url.startsWith(API_PATHS.user.telemetry)
      ? success(telemetryFixture({ labs }))
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

async function openCard() {
  const view = renderWithProviders(<LabsVitalsCard participantId={7} />);
  const card = await screen.findByRole('region', { name: 'Labs & Vitals' });
  await within(card).findByRole('group', { name: 'Systolic' });
  return { ...view, card };
}

const tile = (card: HTMLElement, name: string) => within(card).getByRole('group', { name });

describe('labs and vitals card', () => {
  it('clinician sees each lab with value, unit, date, source and trend arrow', async () => {
    serve();
    const { card } = await openCard();
    const headings = within(card)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Blood Pressure', 'Blood Glucose', 'Cholesterol']);

    const systolic = tile(card, 'Systolic');
    expect(systolic).toHaveTextContent('118');
    expect(systolic).toHaveTextContent('mmHg');
    expect(systolic).toHaveTextContent('Mar 09, 2026');
    expect(systolic).toHaveTextContent('Home');
    expect(within(systolic).getByRole('img', { name: 'Trend: down, good' })).toBeInTheDocument();

    const ldl = tile(card, 'LDL');
    expect(ldl).toHaveTextContent('1,142');
    expect(ldl).toHaveTextContent('mg/dl');
    expect(within(ldl).getByRole('img', { name: 'Trend: up, bad' })).toBeInTheDocument();
    expect(tile(card, 'HbA1c')).toHaveTextContent('7.0%');
  });

  it('average glucose is estimated from HbA1c as round(HbA1c × 28.7 − 46.7)', async () => {
    serve();
    const { card } = await openCard();
    // 7 × 28.7 − 46.7 = 154.2
    const avg = tile(card, 'Avg Glucose');
    expect(avg).toHaveTextContent('154');
    expect(avg).toHaveTextContent('mg/dl');
    expect(avg).toHaveTextContent('Feb 20, 2026');
  });

  it('a lab without readings says No data', async () => {
    serve();
    const { card } = await openCard();
    for (const name of ['Glucose (Min)', 'HDL', 'Triglycerides', 'Total']) {
      expect(tile(card, name)).toHaveTextContent('No data');
    }
  });

  it('home and clinic toggles keep at least one source on and dim filtered-out tiles', async () => {
    serve();
    const { card, user } = await openCard();
    const home = within(card).getByRole('button', { name: 'Home' });
    const clinic = within(card).getByRole('button', { name: 'Clinic' });
    expect(home).toHaveAttribute('aria-pressed', 'true');
    expect(clinic).toHaveAttribute('aria-pressed', 'true');

    await user.click(home);
    expect(home).toHaveAttribute('aria-pressed', 'false');
    expect(clinic).toHaveAttribute('aria-pressed', 'true');
    // Systolic falls back to the clinic reading; diastolic has only home readings: dimmed.
    expect(tile(card, 'Systolic')).toHaveTextContent('131');
    expect(tile(card, 'Systolic')).toHaveStyle({ opacity: '1' });
    expect(tile(card, 'Diastolic')).toHaveStyle({ opacity: '0.4' });
    expect(tile(card, 'Diastolic')).toHaveTextContent('Filtered out by the source filters');

    // Turning the clinic off too forces home back on.
    await user.click(clinic);
    expect(clinic).toHaveAttribute('aria-pressed', 'false');
    expect(home).toHaveAttribute('aria-pressed', 'true');
    expect(tile(card, 'Systolic')).toHaveTextContent('118');
    expect(tile(card, 'Diastolic')).toHaveStyle({ opacity: '1' });
    expect(tile(card, 'LDL')).toHaveStyle({ opacity: '0.4' });
    expect(tile(card, 'Avg Glucose')).toHaveStyle({ opacity: '0.4' });
    // A tile with no data at all is not dimmed: there is nothing to filter.
    expect(tile(card, 'HDL')).toHaveStyle({ opacity: '1' });
  });

  it('a failure to load the labs looks like an error and can be retried', async () => {
    let attempts = 0;
    mockFetch(() => {
      attempts += 1;
      return attempts === 1
        ? failure(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable right now.')
        : success(telemetryFixture({ labs: labsFixture() }));
    });
    const { user } = renderWithProviders(<LabsVitalsCard participantId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is unavailable right now.');
    expect(alert).toHaveClass('MuiAlert-colorError');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Systolic' })).toHaveTextContent('118');
  });
});
