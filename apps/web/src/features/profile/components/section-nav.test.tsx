import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
