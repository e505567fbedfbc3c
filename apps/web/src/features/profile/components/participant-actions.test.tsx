import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { ToolbarSlotTarget } from '#app/components/layout/toolbar-slot.tsx';
import { bodyOf, failure, mockFetch, setCsrfCookie, success } from '#app/testing/http.ts';
import type { FetchCall } from '#app/testing/http.ts';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { getParticipantTriageQueryOptions } from '#app/features/profile/api/get-participant-triage.ts';
import {
  listRowOf,
  profileFixture,
  triageFixture,
} from '#app/features/profile/profile-fixtures.ts';
import { ParticipantActions } from './participant-actions';
import { ParticipantProfileGate } from './participant-profile-gate';

type Refusal = { status: number; code: ErrorCode; message: string };

/** A small stand-in for the server: it keeps the participant and applies the calls to it. */
function serve(
  initial: Partial<ParticipantProfile> = {},
  refuse: Partial<Record<'suspend' | 'resume' | 'delete' | 'type' | 'review', Refusal>> = {},
) {
  let profile = profileFixture(initial);
  const refusal = (key: keyof typeof refuse) => {
    const r = refuse[key];
    return r ? failure(r.status, r.code, r.message) : null;
  };
  const mock = mockFetch((call: FetchCall) => {
    const method = call.init.method ?? 'GET';
    if (call.url === API_PATHS.user.profile(7) && method === 'GET') return success(profile);
    if (call.url === API_PATHS.account.suspend) {
      const refused = refusal('suspend');
      if (refused) return refused;
      profile = { ...profile, status: 'SUSPENDED' };
      return success(listRowOf(profile));
    }
    if (call.url === API_PATHS.account.resume) {
      const refused = refusal('resume');
      if (refused) return refused;
      profile = { ...profile, status: 'ACTIVATED' };
      return success(listRowOf(profile));
    }
    if (call.url === API_PATHS.account.deleteParticipant(7) && method === 'DELETE') {
      return (
        refusal('delete') ?? success({ id: 7, message: 'Successfully deleted the participant.' })
      );
    }
    if (call.url === API_PATHS.user.review) {
      return (
        refusal('review') ??
        success(
          triageFixture({
            last_reviewed_at: '2026-03-10T09:05:00.000Z',
            last_reviewed_by: { id: 1, name: 'Cleo Tester' },
          }),
        )
      );
    }
    if (call.url === API_PATHS.user.userType) {
      const refused = refusal('type');
      if (refused) return refused;
      const { user_type } = bodyOf(call) as { user_type: ParticipantProfile['user_type'] };
      profile = { ...profile, user_type };
      return success(listRowOf(profile));
    }
    return failure(404, 'NOT_FOUND', 'There is nothing at this address.');
  });
  const profileLoads = () =>
    mock.calls.filter(
      (call) => call.url === API_PATHS.user.profile(7) && (call.init.method ?? 'GET') === 'GET',
    ).length;
  const callsTo = (url: string) => mock.calls.filter((call) => call.url === url);
  return { ...mock, profileLoads, callsTo };
}

async function openToolbar() {
  setCsrfCookie();
  const view = renderWithProviders(
    <>
      <ToolbarSlotTarget data-testid="toolbar" />
      <ParticipantProfileGate rawId="7">
        {(profile) => (
          <>
            <p>Status {profile.status}</p>
            <p>Type {profile.user_type}</p>
            <ParticipantActions profile={profile} />
          </>
        )}
      </ParticipantProfileGate>
    </>,
    { route: '/participant-details/7', routes: [{ path: '/', element: <h1>Home</h1> }] },
  );
  const toolbar = await screen.findByTestId('toolbar');
  await within(toolbar).findByRole('button', { name: 'Edit Participant' });
  return { ...view, toolbar };
}

async function expectSnackbar(text: string, variant: 'success' | 'error') {
  const message = await screen.findByText(text);
  await waitFor(() =>
    expect(message.closest('.notistack-MuiContent')).toHaveClass(`notistack-MuiContent-${variant}`),
  );
}

const conflict = (message: string): Refusal => ({ status: 409, code: 'CONFLICT', message });

describe('participant toolbar', () => {
  it('an active participant offers Suspend, Delete and Edit but not Reactivate', async () => {
    serve();
    const { toolbar } = await openToolbar();
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Mark reviewed',
      'Report',
      'Suspend Participant',
      'Delete Participant',
      'Edit Participant',
    ]);
  });

  it('clinician marks the participant reviewed at once, without a confirmation', async () => {
    const server = serve();
    const { toolbar, user, queryClient } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Mark reviewed' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expectSnackbar('Participant marked as reviewed.', 'success');
    const [review] = server.callsTo(API_PATHS.user.review);
    expect(review?.init.method).toBe('POST');
    expect(bodyOf(review)).toEqual({ user_id: 7 });
    // The details show the new review at once, without asking the server again.
    expect(queryClient.getQueryData(getParticipantTriageQueryOptions(7).queryKey)).toMatchObject({
      last_reviewed_by: { name: 'Cleo Tester' },
    });
    expect(server.callsTo(API_PATHS.user.triage(7))).toHaveLength(0);
  });

  it('a failed review is shown as an error', async () => {
    serve(
      {},
      { review: { status: 404, code: 'NOT_FOUND', message: 'There is no participant with id 7.' } },
    );
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Mark reviewed' }));
    await expectSnackbar(
      'The participant could not be marked as reviewed. Please try again.',
      'error',
    );
  });

  it('clinician suspends an active participant after confirming, and the profile reloads', async () => {
    const server = serve();
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Suspend Participant' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Do you want to suspend this account?',
    });

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo(API_PATHS.account.suspend)).toHaveLength(0);

    await user.click(within(toolbar).getByRole('button', { name: 'Suspend Participant' }));
    dialog = await screen.findByRole('dialog', { name: 'Do you want to suspend this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await expectSnackbar('Successfully suspended the participant.', 'success');
    const [suspend] = server.callsTo(API_PATHS.account.suspend);
    expect(suspend?.init.method).toBe('PATCH');
    expect(bodyOf(suspend)).toEqual({ user_id: 7 });
    expect(await screen.findByText('Status SUSPENDED')).toBeInTheDocument();
    expect(server.profileLoads()).toBe(2);
    expect(
      await within(toolbar).findByRole('button', { name: 'Reactivate Participant' }),
    ).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Suspend Participant' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed suspension is shown as an error and the participant stays active', async () => {
    const server = serve({}, { suspend: conflict('Only active participants can be suspended.') });
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Suspend Participant' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expectSnackbar('Error in suspending the participant.', 'error');
    expect(screen.getByText('Status ACTIVATED')).toBeInTheDocument();
    expect(server.profileLoads()).toBe(1);
  });

  it('clinician reactivates a suspended participant at once, without a confirmation', async () => {
    const server = serve({ status: 'SUSPENDED' });
    const { toolbar, user } = await openToolbar();
    expect(within(toolbar).queryByRole('button', { name: 'Suspend Participant' })).toBeNull();
    await user.click(within(toolbar).getByRole('button', { name: 'Reactivate Participant' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expectSnackbar('Reactivated successfully.', 'success');
    expect(bodyOf(server.callsTo(API_PATHS.account.resume)[0])).toEqual({ user_id: 7 });
    expect(await screen.findByText('Status ACTIVATED')).toBeInTheDocument();
    expect(
      await within(toolbar).findByRole('button', { name: 'Suspend Participant' }),
    ).toBeInTheDocument();
  });

  it('a failed reactivation is shown as an error', async () => {
    serve(
      { status: 'SUSPENDED' },
      { resume: conflict('Only suspended participants can be reactivated.') },
    );
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Reactivate Participant' }));
    await expectSnackbar('Error in reactivating participant.', 'error');
    expect(screen.getByText('Status SUSPENDED')).toBeInTheDocument();
  });

  it('clinician deletes a participant after confirming and is taken home', async () => {
    const server = serve();
    const { toolbar, user, router } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Delete Participant' }));
    let dialog = await screen.findByRole('dialog', { name: 'Do you want to delete this account?' });
    expect(dialog).toHaveAccessibleDescription('This action cannot be undone.');
    expect(dialog).toHaveStyle({ width: '345px' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo(API_PATHS.account.deleteParticipant(7))).toHaveLength(0);

    await user.click(within(toolbar).getByRole('button', { name: 'Delete Participant' }));
    dialog = await screen.findByRole('dialog', { name: 'Do you want to delete this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expectSnackbar('Successfully deleted the participant.', 'success');
    expect(server.callsTo(API_PATHS.account.deleteParticipant(7))[0]?.init.method).toBe('DELETE');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // The deleted profile is not asked for again on the way out.
    expect(server.profileLoads()).toBe(1);
  });

  it('a failed deletion is shown as an error and the page stays', async () => {
    serve({}, { delete: conflict('This participant cannot be deleted now.') });
    const { toolbar, user, router } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Delete Participant' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    await expectSnackbar('Error in deleting the participant.', 'error');
    expect(router.state.location.pathname).toBe('/participant-details/7');
  });

  it('clinician changes the participant type in the 500px Edit Participant dialog', async () => {
    const server = serve();
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Edit Participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Participant' });
    expect(dialog).toHaveStyle({ width: '500px' });
    const select = within(dialog).getByRole('combobox', { name: 'User Type' });
    expect(select).toHaveTextContent('Internal');
    // Nothing changed yet: nothing to save.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Internal', 'Pilot', 'Demo']);
    await user.click(screen.getByRole('option', { name: 'Pilot' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await expectSnackbar('Successfully updated user type.', 'success');
    const [update] = server.callsTo(API_PATHS.user.userType);
    expect(update?.init.method).toBe('PATCH');
    expect(bodyOf(update)).toEqual({ user_id: 7, user_type: 'Pilot' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Type Pilot')).toBeInTheDocument();
  });

  it('Cancel closes the Edit Participant dialog without saving', async () => {
    const server = serve();
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Edit Participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Participant' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo(API_PATHS.user.userType)).toHaveLength(0);
  });

  it("a refused type change shows the server's sentence as an error", async () => {
    serve(
      {},
      {
        type: { status: 403, code: 'FORBIDDEN', message: 'You do not have permission to do this.' },
      },
    );
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Edit Participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Participant' });
    await user.click(within(dialog).getByRole('combobox', { name: 'User Type' }));
    await user.click(await screen.findByRole('option', { name: 'Demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSnackbar('You do not have permission to do this.', 'error');
    // The dialog stays open so the clinician can try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Edit Participant' })).toBeInTheDocument();
  });

  it("a type change failing without a sentence says 'Something went wrong!'", async () => {
    mockFetch((call) =>
      call.url === API_PATHS.user.userType
        ? new Response('<html>Bad gateway</html>', { status: 502 })
        : success(profileFixture()),
    );
    const { toolbar, user } = await openToolbar();
    await user.click(within(toolbar).getByRole('button', { name: 'Edit Participant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Participant' });
    await user.click(within(dialog).getByRole('combobox', { name: 'User Type' }));
    await user.click(await screen.findByRole('option', { name: 'Demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSnackbar('Something went wrong!', 'error');
  });
});
