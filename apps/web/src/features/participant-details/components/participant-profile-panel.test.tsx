import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { renderWithProviders } from '../../../testing/render-app';
import { profileFixture } from '../profile-fixtures';
import { ParticipantProfilePanel } from './participant-profile-panel';

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
  it('clinician sees who the participant is and their basic information', () => {
    const { panel } = renderPanel();
    expect(within(panel).getByText('AF')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Adele' })).toBeInTheDocument();
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

  it("the first name opens the Digital Twin, with the tooltip 'Click to view Digital Twin'", async () => {
    const { panel, user, onOpenDigitalTwin } = renderPanel();
    const name = within(panel).getByRole('button', { name: 'Adele' });
    await user.hover(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Click to view Digital Twin');
    await user.click(name);
    expect(onOpenDigitalTwin).toHaveBeenCalledTimes(1);
  });

  it('shows when telemetry last arrived, and warns when it has gone quiet', () => {
    const { panel, unmount } = renderPanel();
    expect(within(panel).getByText(/^Data last received /)).toBeInTheDocument();
    unmount();

    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000 - 60_000).toISOString();
    const quiet = renderPanel({ data_last_received_at: fiveDaysAgo });
    expect(within(quiet.panel).getByRole('alert')).toHaveTextContent(/^No data for 5 days/);
    quiet.unmount();

    const never = renderPanel({ data_last_received_at: null });
    expect(within(never.panel).getByRole('alert')).toHaveTextContent('No telemetry received yet');
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
