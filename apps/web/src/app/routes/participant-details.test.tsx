import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { profileFixture } from '#app/features/profile/profile-fixtures.ts';
import { telemetryFixture } from '#app/features/telemetry/telemetry-fixtures.ts';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { failure, mockFetch, success } from '#app/testing/http.ts';
import { renderApp } from '#app/testing/render-app.tsx';

const NOT_FOUND = 'There is no participant with id 99.';

function serve(profile = profileFixture()) {
  return mockFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === API_PATHS.user.profile(7)) return success(profile);
    if (path === API_PATHS.user.profile(99)) return failure(404, 'NOT_FOUND', NOT_FOUND);
    if (path === API_PATHS.user.telemetry) return success(telemetryFixture());
    // The other cards of the page are another feature's business: give them nothing.
    return success([]);
  });
}

/** A stand-in IntersectionObserver: nothing is near the viewport until `near()` scrolls it all close. */
function stubViewport() {
  const notifiers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        notifiers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    near: () => {
      for (const notify of notifiers) notify([{ isIntersecting: true }]);
    },
  };
}

/** The calls of the lower sections, which load when they come near the viewport. */
const LOWER_SECTION_PATHS = [
  API_PATHS.surgery.outcomeTrends,
  API_PATHS.surgery.list,
  API_PATHS.pain.lastN,
  API_PATHS.thresholds.participant,
] as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('participant details page', () => {
  it('a malformed id shows that the participant was not found, without asking the server', async () => {
    const { calls } = serve();
    renderApp({ route: '/participant-details/abc', session: loginFor(clinicianUser) });
    expect(
      await screen.findByRole('heading', { name: 'Participant not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Participant details' })).toBeVisible();
    expect(calls.some((call) => call.url.startsWith('/api/user/id/'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to participants' })).toHaveAttribute(
      'href',
      '/participants',
    );
  });

  it('an unknown participant shows a not-found state', async () => {
    serve();
    renderApp({ route: '/participant-details/99', session: loginFor(clinicianUser) });
    expect(
      await screen.findByRole('heading', { name: 'Participant not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no participant with the id 99\./)).toBeInTheDocument();
  });

  it('clinician sees the profile beside the labs and the home telemetry', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    serve();
    const { user } = renderApp({
      route: '/participant-details/7',
      session: loginFor(clinicianUser),
    });
    const panel = await screen.findByRole(
      'complementary',
      { name: 'Participant profile' },
      { timeout: 10_000 },
    );
    expect(within(panel).getByRole('heading', { name: 'Adele Funk' })).toBeInTheDocument();
    const labs = await screen.findByRole('region', { name: 'Labs & Vitals' });
    const telemetry = screen.getByRole('region', { name: 'Home Health Telemetry' });
    // Labs & Vitals comes before Home Health Telemetry on the right side.
    expect(labs.compareDocumentPosition(telemetry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(telemetry).findByRole('group', { name: 'Steps' })).toHaveTextContent(
      '12,345',
    );
    expect(screen.getByRole('button', { name: 'Edit Participant' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Adele Funk' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('the lower sections stand in as their titled cards until they come near, then load', async () => {
    const viewport = stubViewport();
    const { calls } = serve();
    renderApp({ route: '/participant-details/7', session: loginFor(clinicianUser) });
    await screen.findByRole('complementary', { name: 'Participant profile' }, { timeout: 10_000 });
    for (const title of [
      'Outcome trends',
      'Surgeries',
      'Medical imaging',
      'Pain',
      'Alert thresholds',
    ]) {
      const card = screen.getByRole('region', { name: title });
      expect(within(card).getByLabelText(`Loading ${title}`)).toBeInTheDocument();
    }
    const askedLower = () =>
      calls.filter((call) => LOWER_SECTION_PATHS.some((path) => call.url.split('?')[0] === path));
    expect(askedLower()).toEqual([]);
    // Only the Demo type has a simulation: no section at all, so the section bar has no link.
    expect(document.getElementById('simulation')).toBeNull();

    viewport.near();
    expect(
      await screen.findByRole('button', { name: 'Record pain' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading Pain')).not.toBeInTheDocument();
    expect(askedLower().length).toBeGreaterThan(0);
  });

  it("a Demo participant's page has the simulation section, which loads when near", async () => {
    const viewport = stubViewport();
    serve({ ...profileFixture(), user_type: 'Demo' });
    renderApp({ route: '/participant-details/7', session: loginFor(clinicianUser) });
    const card = await screen.findByRole(
      'region',
      { name: 'Simulation programme' },
      { timeout: 10_000 },
    );
    expect(within(card).getByLabelText('Loading Simulation programme')).toBeInTheDocument();
    viewport.near();
    await waitFor(
      () => expect(screen.queryByLabelText('Loading Simulation programme')).not.toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('region', { name: 'Simulation programme' })).toBeInTheDocument();
  });
});
