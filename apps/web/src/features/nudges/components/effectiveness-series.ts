import { useTheme } from '@mui/material';

/** The chart's bars: three feedback shares stacked to 100%, and the open rate on its own. */
export const EFFECTIVENESS_SERIES = [
  { key: 'thumbs_up_share', label: 'Thumbs up', stack: 'feedback' },
  { key: 'thumbs_down_share', label: 'Thumbs down', stack: 'feedback' },
  { key: 'no_feedback_share', label: 'No feedback', stack: 'feedback' },
  { key: 'open_rate', label: 'Opened', stack: 'opened' },
] as const;

export type EffectivenessSeriesKey = (typeof EFFECTIVENESS_SERIES)[number]['key'];

/** Bar colours; the grey of 'no feedback' is light, so its labels are dark. */
export function useSeriesColours(): Record<EffectivenessSeriesKey, string> {
  const { palette } = useTheme();
  return {
    thumbs_up_share: palette.success.main,
    thumbs_down_share: palette.error.main,
    no_feedback_share: palette.grey[300],
    open_rate: palette.primary.main,
  };
}

const ROW_HEIGHT = 48;
const AXIS_HEIGHT = 36;

/** Enough height for two readable bars per title. */
export function effectivenessChartHeight(titles: number): number {
  return titles * ROW_HEIGHT + AXIS_HEIGHT;
}
