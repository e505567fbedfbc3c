import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLAG_MESSAGES } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { API_PATHS, participantDetailsPath } from '@recovery-portal/contract/paths';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { flagFixture } from '#app/features/flags/flag-fixtures.ts';
import { renderFollowUpProbe } from '#app/features/flags/follow-up-probe.tsx';
import { ParticipantFlagsSection } from './participant-flags-section';

const OPEN = flagFixture();
const DONE = flagFixture({
  id: 12,
  source: 'THRESHOLD',
  severity: 'MODERATE',
  rule: 'WEIGHT_CHANGE',
  finding: 'Weight',
  matched_text: 'Weight 84.6 kg, up 2.4 kg within 7 days (from 82.2 kg), above 2 kg',
  value: 2.4,
  conversation_id: null,
  message_index: null,
  status: 'ACKNOWLEDGED',
  acknowledged_by: 'Cleo Tester',
  acknowledged_at: new Date(2026, 2, 12, 9, 30).toISOString(),
  acknowledgement_note: 'Fluid check booked',
});

function serve(initial: Flag[]) {
  let flags = [...initial];
  return mockFetch(({ url, init }) => {
    if (url.startsWith(API_PATHS.flags.participant)) return success(flags);
    if (url === API_PATHS.flags.acknowledge) {
      const { flag_id } = bodyOf({ url, init, headers: {} }) as { flag_id: number };
      flags = flags.map((flag) =>
        flag.id === flag_id
          ? { ...flag, status: 'ACKNOWLEDGED', acknowledged_by: 'Cleo Tester' }
          : flag,
      );
      return success(flags.find((flag) => flag.id === flag_id));
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

describe("participant's flags", () => {
  it('clinician sees open flags and acknowledged ones with who, when and note', async () => {
    const { calls } = serve([OPEN, DONE]);
    renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Participant flags' });
    await within(table).findByText(OPEN.matched_text);
    expect(calls[0]?.url).toBe(`${API_PATHS.flags.participant}?user_id=7`);
    expect(screen.getByText('1 open')).toBeInTheDocument();
    const [, open, done] = within(table).getAllByRole('row');
    expect(within(open!).getByText('Open')).toBeInTheDocument();
    expect(within(open!).getByRole('link', { name: /View the conversation/ })).toHaveAttribute(
      'href',
      participantDetailsPath(7, {
        conversationId: 44,
        messageIndex: 3,
        highlight: OPEN.matched_text,
      }),
    );
    expect(done).toHaveTextContent('Acknowledged by Cleo Tester on Mar 12 2026 09:30 AM');
    expect(done).toHaveTextContent('Note: Fluid check booked');
    expect(within(done!).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(within(done!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('clinician acknowledges an open flag from the participant', async () => {
    setCsrfCookie();
    serve([OPEN]);
    const { user } = renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Acknowledge the Chest pain flag' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge flag' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await screen.findByText(FLAG_MESSAGES.acknowledged);
    await waitFor(() => expect(screen.getByText('0 open')).toBeInTheDocument(), { timeout: 5000 });
    // The closing dialog keeps the page aria-hidden until its exit transition ends.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Participant flags' })).toHaveTextContent(
      'Acknowledged by Cleo Tester',
    );
  });

  it('Create task hands this participant and the flag to the task dialog', async () => {
    serve([OPEN]);
    const { user } = renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Create task: the Chest pain flag' }),
    );
    expect(screen.getByRole('dialog', { name: 'Follow-up task' })).toHaveTextContent(
      `Participant 7: Jane Doe; flag ${OPEN.id}: Chest pain`,
    );
  });

  it('says when there are none', async () => {
    serve([]);
    renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    expect(await screen.findByText('No flags raised')).toBeInTheDocument();
  });

  it('shows the most relevant five in full, open ones by severity first, the rest behind Show all', async () => {
    const acknowledged = [20, 21, 22].map((id, index) => ({
      ...DONE,
      id,
      acknowledged_at: new Date(2026, 2, 10 + index).toISOString(),
    }));
    // The call answers oldest first; the section does not rely on its order.
    serve([
      ...acknowledged,
      flagFixture({ id: 1, severity: 'MODERATE', finding: 'Weight' }),
      flagFixture({ id: 2, severity: 'HIGH', finding: 'Fall' }),
      flagFixture({ id: 3, severity: 'CRITICAL', finding: 'Chest pain' }),
    ]);
    const { user } = renderWithProviders(
      <ParticipantFlagsSection
        participantId={7}
        participantName="Jane Doe"
        renderFollowUp={renderFollowUpProbe}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Participant flags' });
    await within(table).findByText('Fall');
    const findings = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map(
          (row) =>
            within(row)
              .getAllByRole('cell')[1]
              ?.textContent?.split(/Conversation|Threshold/)[0],
        );
    expect(findings()).toEqual(['Chest pain', 'Fall', 'Weight', 'Weight', 'Weight']);
    expect(within(table).getAllByText('Open')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Show all 6' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
  });
});
