import { Box } from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import KeyboardDoubleArrowDown from '@mui/icons-material/KeyboardDoubleArrowDown';
import KeyboardDoubleArrowUp from '@mui/icons-material/KeyboardDoubleArrowUp';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import type { ComponentType } from 'react';
import type { Insight, InsightDirection, InsightEffect } from '@recovery-portal/contract/telemetry';

type ShownDirection = Exclude<InsightDirection, 'NOT_AVAILABLE'>;

const ICONS: Record<ShownDirection, ComponentType<SvgIconProps>> = {
  UP: ArrowUpward,
  'DOUBLE-UP': KeyboardDoubleArrowUp,
  DOWN: ArrowDownward,
  'DOUBLE-DOWN': KeyboardDoubleArrowDown,
  STABLE: TrendingFlat,
};

const DIRECTION_WORDS: Record<ShownDirection, string> = {
  UP: 'up',
  'DOUBLE-UP': 'sharply up',
  DOWN: 'down',
  'DOUBLE-DOWN': 'sharply down',
  STABLE: 'stable',
};

const EFFECT_WORDS: Record<InsightEffect, string> = {
  GOOD: 'good',
  BAD: 'bad',
  STABLE: 'no change of concern',
};

export type InsightTone = 'good' | 'bad';

export type InsightPresentation = {
  direction: ShownDirection;
  /** Spec §4: green for GOOD or STABLE, red for BAD. */
  tone: InsightTone;
  label: string;
};

/** How an insight is drawn, or null when there is nothing to draw (NOT_AVAILABLE). */
export function insightPresentation(
  insight: Insight | null | undefined,
): InsightPresentation | null {
  if (!insight || insight.direction === 'NOT_AVAILABLE') return null;
  const { direction, effect } = insight;
  const tone: InsightTone = effect === 'BAD' ? 'bad' : 'good';
  const label =
    direction === 'STABLE' && effect === 'STABLE'
      ? 'Trend: stable'
      : `Trend: ${DIRECTION_WORDS[direction]}, ${EFFECT_WORDS[effect]}`;
  return { direction, tone, label };
}

/**
 * The arrow beside a telemetry or lab value (spec §4 'Insight arrows'): single or double, up or
 * down, a flat arrow when stable; green when the change is good or harmless, red when bad.
 */
export function InsightArrow({
  insight,
  fontSize = 'small',
}: {
  insight: Insight | null | undefined;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const shown = insightPresentation(insight);
  if (!shown) return null;
  const Icon = ICONS[shown.direction];
  return (
    <Box
      component="span"
      role="img"
      aria-label={shown.label}
      title={shown.label}
      data-direction={shown.direction}
      data-tone={shown.tone}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        color: shown.tone === 'bad' ? 'error.main' : 'success.main',
      }}
    >
      <Icon fontSize={fontSize} aria-hidden="true" />
    </Box>
  );
}
