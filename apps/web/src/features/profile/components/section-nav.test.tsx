import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { DetailsSection, SectionNav } from './section-nav';

/** A page whose Simulation and Conversations render nothing, as for a participant outside Demo. */
function Page() {
  const [conversations, setConversations] = useState(false);
  return (
    <>
      <SectionNav />
      <DetailsSection id="flags">
        <h2>Flags</h2>
      </DetailsSection>
      <DetailsSection id="conversations">
        {conversations ? <h2>Conversations</h2> : null}
      </DetailsSection>
      <DetailsSection id="imaging">
        <h2>Imaging</h2>
      </DetailsSection>
      <DetailsSection id="simulation">{null}</DetailsSection>
      <button type="button" onClick={() => setConversations(true)}>
        Load conversations
      </button>
    </>
  );
}

const links = () =>
  within(screen.getByRole('navigation', { name: 'Sections' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('section links of the details page', () => {
  it('link only the sections that show something, and add one when it fills in', async () => {
    const { user } = renderWithProviders(<Page />);
    await waitFor(() => expect(links()).toEqual(['Flags', 'Imaging']));

    await user.click(screen.getByRole('button', { name: 'Load conversations' }));
    await waitFor(() => expect(links()).toEqual(['Flags', 'Conversations', 'Imaging']));
    expect(screen.getByRole('link', { name: 'Conversations' })).toHaveAttribute(
      'href',
      '#conversations',
    );
  });

  it('hold the linked section at the top while the page above it resizes, until the clinician scrolls', async () => {
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private live = true;
        constructor(callback: () => void) {
          resized.push(() => {
            if (this.live) callback();
          });
        }
        observe() {}
        disconnect() {
          this.live = false;
        }
      },
    );
    const landed: string[] = [];
    // jsdom has no scrollIntoView: this one notes which section was brought into view.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        landed.push(this.id);
      },
    });
    renderWithProviders(<Page />, { route: '/#imaging' });
    await waitFor(() => expect(landed).toContain('imaging'));

    // A section above arrives taller than its stand-in: the imaging section is brought back.
    landed.length = 0;
    for (const notify of resized) notify();
    expect(landed).toEqual(['imaging']);

    // Once the clinician scrolls by themselves, the page is theirs.
    window.dispatchEvent(new WheelEvent('wheel'));
    landed.length = 0;
    for (const notify of resized) notify();
    expect(landed).toEqual([]);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});
