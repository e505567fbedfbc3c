import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadWhenNear, LoadWhenOpened } from './deferred';

/** A stand-in IntersectionObserver whose callback the test calls: `near()` scrolls it close. */
function stubIntersectionObserver() {
  let notify: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
  const observe = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        notify = callback;
      }
      observe = observe;
      disconnect = vi.fn();
    },
  );
  return {
    observe,
    near: () => act(() => notify?.([{ isIntersecting: true }])),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('load when near the viewport', () => {
  it('shows the placeholder until the part comes near, then the part', async () => {
    const viewport = stubIntersectionObserver();
    render(
      <LoadWhenNear placeholder={<p>Chart placeholder</p>}>
        <p>The chart</p>
      </LoadWhenNear>,
    );
    expect(screen.getByText('Chart placeholder')).toBeInTheDocument();
    expect(screen.queryByText('The chart')).not.toBeInTheDocument();
    expect(viewport.observe).toHaveBeenCalledTimes(1);

    await viewport.near();
    expect(await screen.findByText('The chart')).toBeInTheDocument();
    expect(screen.queryByText('Chart placeholder')).not.toBeInTheDocument();
  });

  it('without IntersectionObserver the part shows at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <LoadWhenNear placeholder={<p>Chart placeholder</p>}>
        <p>The chart</p>
      </LoadWhenNear>,
    );
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });
});

describe('load when opened', () => {
  it('renders nothing until first opened, then stays mounted while closed', () => {
    const { rerender } = render(
      <LoadWhenOpened open={false}>
        <p>The dialog</p>
      </LoadWhenOpened>,
    );
    expect(screen.queryByText('The dialog')).not.toBeInTheDocument();
    rerender(
      <LoadWhenOpened open>
        <p>The dialog</p>
      </LoadWhenOpened>,
    );
    expect(screen.getByText('The dialog')).toBeInTheDocument();
    rerender(
      <LoadWhenOpened open={false}>
        <p>The dialog</p>
      </LoadWhenOpened>,
    );
    expect(screen.getByText('The dialog')).toBeInTheDocument();
  });
});
