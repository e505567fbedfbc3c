import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { MRN_MESSAGES } from '@recovery-portal/contract/participant-identity';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { ToolbarSlotTarget } from '#app/components/layout/toolbar-slot.tsx';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { listRowOf, profileFixture } from '#app/features/profile/profile-fixtures.ts';
import { ParticipantActions } from './participant-actions';
import { ParticipantProfileGate } from './participant-profile-gate';

const GROUPS = [
  { id: 1, name: 'CZ' },
  { id: 2, name: 'Knee Recovery' },
];

/** The server as far as the dialog needs it: it keeps the participant and applies the edits. */
function serve(refuseUpdate: string | null = null) {
  let profile: ParticipantProfile = profileFixture();
  return mockFetch((call: FetchCall) => {
    const method = call.init.method ?? 'GET';
    if (call.url === API_PATHS.user.profile(7) && method === 'GET') return success(profile);
    if (call.url === API_PATHS.user.groups) return success(GROUPS);
    if (call.url === API_PATHS.user.update) {
      if (refuseUpdate) return failure(409, 'CONFLICT', refuseUpdate);
      const body = bodyOf(call) as Record<string, string>;
      profile = {
        ...profile,
        ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
        ...(body.email !== undefined ? { user_name: body.email } : {}),
        ...(body.mrn !== undefined ? { mrn: body.mrn || null } : {}),
        ...(body.birth_date !== undefined ? { birth_date: body.birth_date || null } : {}),
      };
      return success(profile);
    }
    if (call.url === API_PATHS.user.userType) {
      const { user_type } = bodyOf(call) as { user_type: ParticipantProfile['user_type'] };
      profile = { ...profile, user_type };
      return success(listRowOf(profile));
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
}

async function openEdit() {
  setCsrfCookie();
  const view = renderWithProviders(
    <>
      <ToolbarSlotTarget data-testid="toolbar" />
      <ParticipantProfileGate rawId="7">
        {(profile) => (
          <>
            <p>
              Shown {profile.first_name} {profile.user_name} {profile.mrn ?? 'no MRN'}
            </p>
            <ParticipantActions profile={profile} />
          </>
        )}
      </ParticipantProfileGate>
    </>,
    { route: '/participant-details/7' },
  );
  const toolbar = await screen.findByTestId('toolbar');
  await view.user.click(await within(toolbar).findByRole('button', { name: 'Edit Participant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Participant' });
  const field = (name: RegExp) => within(dialog).getByLabelText(name);
  return { ...view, dialog, field, save: within(dialog).getByRole('button', { name: 'Save' }) };
}

describe('Edit Participant', () => {
  it('names the participant in full with both identifiers and starts from the saved details', async () => {
    serve();
    const { dialog, field, save } = await openEdit();
    expect(dialog).toHaveStyle({ width: '500px' });
    const who = within(dialog).getByRole('group', { name: 'Participant' });
    expect(who).toHaveTextContent('Adele Funk');
    expect(who).toHaveTextContent('DOB Jul 24, 1975 · MRN MRN-0042');
    expect(field(/^First name/)).toHaveValue('Adele');
    expect(field(/^Last name/)).toHaveValue('Funk');
    expect(field(/^Email Id/)).toHaveValue('adele.funk@example.org');
    expect(field(/^Date of birth/)).toHaveValue('1975-07-24');
    expect(field(/^Record number/)).toHaveValue('MRN-0042');
    expect(within(dialog).getByRole('combobox', { name: /User Group/ })).toHaveTextContent('CZ');
    expect(save).toBeDisabled();
  });

  it('clinician corrects the name, email and record number: only what changed is sent, and the page shows it', async () => {
    const { calls } = serve();
    const { user, field, save } = await openEdit();
    await user.clear(field(/^First name/));
    await user.type(field(/^First name/), 'Adèle');
    await user.clear(field(/^Email Id/));
    await user.type(field(/^Email Id/), 'adele.f@example.org');
    await user.clear(field(/^Record number/));
    await user.type(field(/^Record number/), ' k-77 ');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Successfully updated the participant.')).toBeInTheDocument();
    const update = calls.find((call) => call.url === API_PATHS.user.update);
    expect(update?.init.method).toBe('PATCH');
    expect(bodyOf(update)).toEqual({
      id: 7,
      first_name: 'Adèle',
      email: 'adele.f@example.org',
      mrn: 'K-77',
    });
    // The type did not change: the spec's user-type call is not made.
    expect(calls.some((call) => call.url === API_PATHS.user.userType)).toBe(false);
    expect(await screen.findByText('Shown Adèle adele.f@example.org K-77')).toBeInTheDocument();
  });

  it('a type change still goes through PATCH /api/user/user-type, with the spec sentence', async () => {
    const { calls } = serve();
    const { user, dialog, save } = await openEdit();
    await user.click(within(dialog).getByRole('combobox', { name: /User Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Pilot' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(MESSAGES.participants.typeUpdateSuccess)).toBeInTheDocument();
    expect(bodyOf(calls.find((call) => call.url === API_PATHS.user.userType))).toEqual({
      user_id: 7,
      user_type: 'Pilot',
    });
    expect(calls.some((call) => call.url === API_PATHS.user.update)).toBe(false);
  });

  it('each field is checked as at invitation, and Save waits until they are right', async () => {
    serve();
    const { user, dialog, field, save } = await openEdit();
    await user.clear(field(/^First name/));
    await user.clear(field(/^Email Id/));
    await user.type(field(/^Email Id/), 'not-an-email');
    await user.clear(field(/^Record number/));
    await user.type(field(/^Record number/), 'has space');
    await user.tab();
    expect(within(dialog).getByText(MESSAGES.validation.firstNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.validation.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MRN_MESSAGES.invalid)).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it("an email someone else has is refused with the server's sentence and the dialog stays", async () => {
    serve(PARTICIPANT_ERRORS.emailTaken);
    const { user, field, save } = await openEdit();
    await user.clear(field(/^Email Id/));
    await user.type(field(/^Email Id/), 'taken@example.org');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(PARTICIPANT_ERRORS.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Participant' })).toBeInTheDocument();
  });
});

describe('confirmations name the participant', () => {
  it('Suspend and Delete show the full name, date of birth and record number', async () => {
    serve();
    setCsrfCookie();
    const { user } = renderWithProviders(
      <>
        <ToolbarSlotTarget data-testid="toolbar" />
        <ParticipantActions profile={profileFixture()} />
      </>,
      { route: '/participant-details/7' },
    );
    const toolbar = await screen.findByTestId('toolbar');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete Participant' }));
    const dialog = await screen.findByRole('dialog', {
      name: MESSAGES.participants.confirmDeleteTitle,
    });
    expect(within(dialog).getByRole('group', { name: 'Participant' })).toHaveTextContent(
      'Adele FunkDOB Jul 24, 1975 · MRN MRN-0042',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(toolbar).getByRole('button', { name: 'Suspend Participant' }));
    const suspend = await screen.findByRole('dialog', {
      name: MESSAGES.participants.confirmSuspendTitle,
    });
    expect(within(suspend).getByRole('group', { name: 'Participant' })).toHaveTextContent(
      'Adele Funk',
    );
  });
});
