import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { profileFixture, triageFixture } from '#app/features/profile/profile-fixtures.ts';
import { ParticipantProfilePanel } from './participant-profile-panel';

/** A timestamp whose local time is the given wall-clock time, so formatting is zone-proof. */
const localIso = (...parts: [number, number, number, number, number]) =>
  new Date(...parts).toISOString();

/** Answers the triage status call (and refuses anything else). */
function serveTriage(status: ParticipantTriageStatus = triageFixture()) {
  return mockFetch((call) =>
    call.url === API_PATHS.user.triage(7)
      ? success(status)
      : failure(404, 'NOT_FOUND', 'There is nothing at this address.'),
  );
}

function renderPanel(overrides: Partial<ParticipantProfile> = {}) {
  const onOpenDigitalTwin = vi.fn();
  const view = renderWithProviders(
    <ParticipantProfilePanel
      profile={profileFixture(overrides)}
      onOpenDigitalTwin={onOpenDigitalTwin}
    />,
  );
  const panel = screen.getByRole('complementary', { name: 'Participant profile' });
  return { ...view, panel, onOpenDigitalTwin };
}

/** The definition list of Basic Information as [term, description] pairs. */
function basicInformation(panel: HTMLElement): [string, string][] {
  const card = within(panel).getByRole('region', { name: 'Basic Information' });
  const terms = within(card).getAllByRole('term');
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('participant profile panel', () => {
  // The panel asks for the triage status; tests that care serve their own.
  beforeEach(() => {
    serveTriage();
  });

  it('clinician sees who the participant is and their basic information', () => {
    const { panel } = renderPanel();
    expect(within(panel).getByText('AF')).toBeInTheDocument();
    // The full name with both identifiers, never a first name alone.
    expect(
      within(panel).getByRole('heading', { level: 2, name: 'Adele Funk' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('DOB Jul 24, 1975 · MRN MRN-0042');
    expect(within(panel).getByText('51 years, Female')).toBeInTheDocument();
    expect(within(panel).getByText('adele.funk@example.org')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Status: Active')).toBeInTheDocument();
    // Spec §9: weight without decimals, BMI with 2, each with its date.
    expect(basicInformation(panel)).toEqual([
      ['Height', '168 cm'],
      ['Weight', '99 kgMar 08, 2026'],
      ['BMI', '35.01Mar 08, 2026'],
      ['User Type', 'Internal'],
    ]);
  });

  it('missing measurements show a dash and a missing age says so', () => {
    const { panel } = renderPanel({
      age: null,
      gender: null,
      height: null,
      weight: null,
      weight_date: null,
      bmi: null,
      bmi_date: null,
    });
    expect(within(panel).getByText('Age not recorded')).toBeInTheDocument();
    expect(basicInformation(panel)).toEqual([
      ['Height', '-'],
      ['Weight', '-'],
      ['BMI', '-'],
      ['User Type', 'Internal'],
    ]);
  });

  it("the name opens the Digital Twin, with the tooltip 'Click to view Digital Twin'", async () => {
    const { panel, user, onOpenDigitalTwin } = renderPanel();
    const name = within(panel).getByRole('button', { name: 'Adele Funk' });
    await user.hover(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Click to view Digital Twin');
    await user.click(name);
    expect(onOpenDigitalTwin).toHaveBeenCalledTimes(1);
  });

  it('shows who reviewed the participant last and when home data last arrived', async () => {
    serveTriage(
      triageFixture({
        last_reviewed_at: localIso(2026, 2, 9, 14, 30),
        last_reviewed_by: { id: 3, name: 'Cleo Tester' },
      }),
    );
    const { panel } = renderPanel();
    const status = await within(panel).findByRole('region', { name: 'Review and data status' });
    expect(status).toHaveTextContent('Last reviewed Mar 09 2026 02:30 PM by Cleo Tester');
    expect(within(status).getByText(/^Data last received /)).toBeInTheDocument();
    // Current data and no open flags: nothing alarming.
    expect(within(status).queryByText(/No data/)).not.toBeInTheDocument();
    expect(within(status).queryByRole('img')).not.toBeInTheDocument();
  });

  it('warns when home data stopped arriving or never did, and says when it was never reviewed', async () => {
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000 - 60_000).toISOString();
    serveTriage(
      triageFixture({ last_telemetry_at: fiveDaysAgo, days_without_data: 5, data_stopped: true }),
    );
    const quiet = renderPanel();
    const status = await within(quiet.panel).findByRole('region', {
      name: 'Review and data status',
    });
    expect(within(status).getByText('No data for 5 days')).toBeVisible();
    expect(within(status).getByText(/^Last received /)).toBeInTheDocument();
    expect(status).toHaveTextContent('Never reviewed');
    quiet.unmount();

    serveTriage(
      triageFixture({ last_telemetry_at: null, days_without_data: null, data_stopped: true }),
    );
    const never = renderPanel();
    expect(await within(never.panel).findByText('No data yet')).toBeVisible();
  });

  it('names the open flags with the most severe one', async () => {
    serveTriage(triageFixture({ open_flag_count: 3, top_open_severity: 'HIGH' }));
    const { panel } = renderPanel();
    expect(
      await within(panel).findByRole('img', { name: '3 open flags, most severe High' }),
    ).toBeInTheDocument();
  });

  it('a failed status load says so without hiding the profile', async () => {
    mockFetch(() => failure(503, 'SERVICE_UNAVAILABLE', 'Down.'));
    const { panel } = renderPanel();
    expect(
      await within(panel).findByText('The review and data status could not be loaded.'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByRole('heading', { level: 2, name: 'Adele Funk' }),
    ).toBeInTheDocument();
  });

  it('the record cards are collapsed and list stored records or say No data available', async () => {
    const { panel, user } = renderPanel();
    const headers = [
      'Lab Results',
      'Medications',
      'Allergies',
      'ED Visits',
      'Consults',
      'Hospitalization',
    ];
    for (const header of headers) {
      expect(within(panel).getByRole('button', { name: new RegExp(`^${header}`) })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }

    await user.click(within(panel).getByRole('button', { name: /^Lab Results/ }));
    const labs = within(panel).getByRole('list', { name: 'Lab Results' });
    expect(within(labs).getByRole('listitem')).toHaveTextContent('HbA1cFeb 26, 20268 %');

    await user.click(within(panel).getByRole('button', { name: /^ED Visits/ }));
    const edVisits = within(panel).getByRole('region', { name: /^ED Visits/ });
    expect(within(edVisits).getByText('No data available')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: /^Hospitalization/ }));
    expect(
      within(within(panel).getByRole('list', { name: 'Hospitalization' })).getByRole('listitem'),
    ).toHaveTextContent(/^Knee replacement$/);
  });
});
