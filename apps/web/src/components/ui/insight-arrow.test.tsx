import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSIGHT_DIRECTIONS, INSIGHT_EFFECTS } from '@recovery-portal/contract/telemetry';
import type { InsightDirection, InsightEffect } from '@recovery-portal/contract/telemetry';
import { renderWithProviders } from '#app/testing/render-app.tsx';
import { InsightArrow, insightPresentation } from './insight-arrow';

const GREEN = 'rgb(46, 125, 50)';
const RED = 'rgb(179, 38, 30)';

const ICON_IDS: Record<Exclude<InsightDirection, 'NOT_AVAILABLE'>, string> = {
  UP: 'ArrowUpwardIcon',
  'DOUBLE-UP': 'KeyboardDoubleArrowUpIcon',
  DOWN: 'ArrowDownwardIcon',
  'DOUBLE-DOWN': 'KeyboardDoubleArrowDownIcon',
  STABLE: 'TrendingFlatIcon',
};

const cases = INSIGHT_DIRECTIONS.filter((direction) => direction !== 'NOT_AVAILABLE').flatMap(
  (direction) =>
    INSIGHT_EFFECTS.map((effect) => [direction, effect] as [typeof direction, InsightEffect]),
);

describe('insight arrow', () => {
  it.each(cases)('clinician sees a %s arrow coloured for a %s effect', (direction, effect) => {
    renderWithProviders(<InsightArrow insight={{ direction, effect }} />);
    const arrow = screen.getByRole('img', { name: /^Trend: / });
    expect(arrow.querySelector(`[data-testid="${ICON_IDS[direction]}"]`)).not.toBeNull();
    // Spec §4: green for GOOD or STABLE, red for BAD.
    expect(arrow).toHaveStyle({ color: effect === 'BAD' ? RED : GREEN });
  });

  it('names the trend for screen readers', () => {
    expect(insightPresentation({ direction: 'UP', effect: 'GOOD' })?.label).toBe('Trend: up, good');
    expect(insightPresentation({ direction: 'DOUBLE-DOWN', effect: 'BAD' })?.label).toBe(
      'Trend: sharply down, bad',
    );
    expect(insightPresentation({ direction: 'DOUBLE-UP', effect: 'GOOD' })?.label).toBe(
      'Trend: sharply up, good',
    );
    expect(insightPresentation({ direction: 'STABLE', effect: 'STABLE' })?.label).toBe(
      'Trend: stable',
    );
    expect(insightPresentation({ direction: 'DOWN', effect: 'STABLE' })?.label).toBe(
      'Trend: down, no change of concern',
    );
  });

  it('shows nothing when the trend is not available', () => {
    for (const effect of INSIGHT_EFFECTS) {
      const { container, unmount } = renderWithProviders(
        <InsightArrow insight={{ direction: 'NOT_AVAILABLE', effect }} />,
      );
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      expect(container.querySelector('svg')).toBeNull();
      unmount();
    }
    expect(insightPresentation(null)).toBeNull();
  });
});
