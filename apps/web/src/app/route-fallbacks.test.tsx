import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import { renderApp } from '#app/testing/render-app.tsx';

// The flags screen's code arrives when the test says so; the tasks screen's never does.
const flagsCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./routes/flags', async () => {
  await flagsCode.arrived;
  return { FlagsRoute: () => <h1>Flags arrived</h1> };
});
vi.mock('./routes/my-tasks', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('while a screen loads, or when it cannot', () => {
  it('the screen on show stays, under the loading bar, until the next one is ready', async () => {
    const { router } = renderApp({ route: '/coach', session: loginFor(clinicianUser) });
    await screen.findByRole('heading', { name: 'Coach' });

    await router.navigate('/flags');
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coach' })).toBeInTheDocument();

    act(() => flagsCode.arrive());
    expect(await screen.findByRole('heading', { name: 'Flags arrived' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument(),
    );
  });

  it('a screen whose code cannot load says so below the header, and the next page opens', async () => {
    // React reports the error the boundary caught; that report is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { router } = renderApp({ route: '/tasks', session: loginFor(clinicianUser) });

    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await router.navigate('/coach');
    expect(await screen.findByRole('heading', { name: 'Coach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument();
    vi.mocked(console.error).mockClear();
  });
});
