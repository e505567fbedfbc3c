import { useTheme } from '@mui/material';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  XAxis,
  YAxis,
} from 'recharts';
import type { ProgrammeMeasure } from '@recovery-portal/contract/programme-outcomes';
import { MEASURE_INFO } from '@recovery-portal/contract/instruments';
import { niceTicks } from '@recovery-portal/contract/outcome-markers';
import { medianTick } from './median-tick';

export const PROGRAMME_CHART_HEIGHT = 200;

const AXIS_LABELS = ['PreOp', '6 wk', '3 mo', '6 mo', '12 mo'] as const;

/**
 * The cohort's middle half at each timepoint as a shaded bar and its median as a tick, where at
 * least ten participants have a score; the PASS dashed. Not joined into a curve: each timepoint
 * holds different participants. For sighted users only: the card's table has the numbers.
 */
export function ProgrammeChart({ measure }: { measure: ProgrammeMeasure }) {
  const theme = useTheme();
  const muted = theme.palette.text.secondary;
  const pass = MEASURE_INFO[measure.measure].pass;
  const rows = measure.points.map((point, index) => ({
    axis: AXIS_LABELS[index] ?? point.label,
    band: point.p25 !== null && point.p75 !== null ? [point.p25, point.p75] : null,
    median: point.median,
  }));
  return (
    <ResponsiveContainer width="100%" height={PROGRAMME_CHART_HEIGHT}>
      <ComposedChart
        data={rows}
        accessibilityLayer={false}
        margin={{ top: 16, left: 0, right: 16, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="axis"
          interval={0}
          padding={{ left: 12, right: 12 }}
          tick={{ fontSize: 12, fill: muted }}
          stroke={theme.palette.divider}
        />
        <YAxis
          width={40}
          domain={[measure.min, measure.max]}
          ticks={niceTicks(measure.min, measure.max)}
          tick={{ fontSize: 12, fill: muted }}
          stroke={theme.palette.divider}
        />
        <Bar
          dataKey="band"
          barSize={22}
          fill={theme.palette.primary.light}
          fillOpacity={0.35}
          isAnimationActive={false}
        />
        <Scatter
          dataKey="median"
          isAnimationActive={false}
          shape={medianTick(theme.palette.primary.dark, 24, 2.5)}
        />
        {pass ? (
          <ReferenceLine
            y={pass.value}
            stroke={muted}
            strokeDasharray="6 4"
            label={{
              value: `PASS ${pass.value}`,
              position: 'insideTopRight',
              fontSize: 11,
              fill: muted,
            }}
          />
        ) : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
