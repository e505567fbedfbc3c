import { useTheme } from '@mui/material';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { PAIN_SCORE_MAX } from '@recovery-portal/contract/pain';
import { formatDate, formatDateTime, formatScore } from '#app/lib/format.ts';

/** One pain score on the chart: when (epoch ms) and the score. */
export type PainPoint = { at: number; score: number };

/** The pain scores over time, oldest first; loaded on its own with the chart library. */
export function PainScoreChart({
  points,
  height,
}: {
  points: readonly PainPoint[];
  height: number;
}) {
  const theme = useTheme();
  const axisProps = {
    tick: { fontSize: 12, fill: theme.palette.text.secondary },
    stroke: theme.palette.divider,
  };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...points]} accessibilityLayer={false} margin={{ left: 0, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(at: number) => formatDate(at, 'MMM D')}
          minTickGap={16}
          {...axisProps}
        />
        <YAxis
          width={32}
          domain={[0, PAIN_SCORE_MAX]}
          ticks={[0, 2, 4, 6, 8, 10]}
          allowDecimals={false}
          {...axisProps}
        />
        <Tooltip
          labelFormatter={(at) => formatDateTime(Number(at))}
          formatter={(value) => [formatScore(Number(value), PAIN_SCORE_MAX), 'Pain score']}
        />
        <Line
          type="linear"
          dataKey="score"
          stroke={theme.palette.error.main}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
