import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { ParticipantTypeTabs } from './participant-type-tabs';

function renderTabs(route = '/participants?type=Pilot') {
  const view = renderWithProviders(<ParticipantTypeTabs />, { route });
  const tabs = screen.getByRole('tablist', { name: 'Participant type' });
  const tab = (name: string) => within(tabs).getByRole('tab', { name });
  return { ...view, tabs, tab };
}

describe('participant-type tabs', () => {
  it('is a labelled tablist whose one tab stop is the selected tab', () => {
    const { tabs, tab } = renderTabs();
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((each) => each.textContent),
    ).toEqual(['Internal', 'Pilot', 'Demo']);
    expect(tab('Pilot')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Internal')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Pilot')).toHaveAttribute('tabindex', '0');
    expect(tab('Internal')).toHaveAttribute('tabindex', '-1');
    expect(tab('Demo')).toHaveAttribute('tabindex', '-1');
  });

  it('arrow keys, Home and End move focus, wrapping, without choosing', async () => {
    const { user, tab, router } = renderTabs();
    await user.tab();
    expect(tab('Pilot')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Demo')).toHaveFocus();
    expect(tab('Demo')).toHaveAttribute('tabindex', '0');
    expect(tab('Pilot')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(tab('Internal')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Demo')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Internal')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Demo')).toHaveFocus();
    // Up and Down belong to a vertical list; with a modifier the key is the browser's.
    await user.keyboard('{ArrowDown}{Shift>}{ArrowLeft}{/Shift}');
    expect(tab('Demo')).toHaveFocus();
    expect(tab('Pilot')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?type=Pilot');

    // Leaving the list, the tab stop returns to the selected tab.
    await user.tab();
    expect(tab('Pilot')).toHaveAttribute('tabindex', '0');
    expect(tab('Demo')).toHaveAttribute('tabindex', '-1');
  });

  it('Enter or a click chooses a tab and writes it to the URL', async () => {
    const { user, tab, router } = renderTabs();
    await user.tab();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(tab('Demo')).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?type=Demo');
    await user.click(tab('Internal'));
    await waitFor(() => expect(tab('Internal')).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('');
  });
});
