import { useId } from 'react';
import { Alert, Box, Skeleton, Typography, useTheme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Insight, PlotPoint } from '@recovery-portal/contract/telemetry';
import { InsightArrow } from '#app/components/ui/insight-arrow.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';

export type TrendChartProps = {
  title: string;
  /** Written after values, e.g. 'hours' or 'kg'; '' for none. */
  unit: string;
  points: readonly PlotPoint[] | undefined;
  insight?: Insight | null;
  kind?: 'line' | 'bar';
  /** The most decimals a value is written with. */
  decimals?: number;
  /** The value axis, e.g. [0, 10] for a pain score; fitted to the data when left out. */
  domain?: [number, number];
  /** The series is still loading, or failed with this error. */
  loading?: boolean;
  error?: unknown;
};

const AXIS_DATE = 'MMM D';
const CHART_HEIGHT = 180;

/**
 * One trend series as a chart. The drawing is hidden from assistive technology; a summary and a
 * visually hidden table of every point say the same in words.
 */
export function TrendChart({
  title,
  unit,
  points,
  insight,
  kind = 'line',
  decimals = 0,
  domain,
  loading = false,
  error,
}: TrendChartProps) {
  const theme = useTheme();
  const titleId = useId();
  const summaryId = useId();
  const format = (value: number) =>
    value.toLocaleString('en-US', { maximumFractionDigits: decimals });
  const withUnit = (value: number) => (unit ? `${format(value)} ${unit}` : format(value));
  const data = points ?? [];
  const failed = error !== undefined && error !== null;
  const hasSummary = !failed && !loading;

  let body;
  if (failed) {
    body = (
      <Alert severity="error" sx={{ mt: 1 }}>
        Could not load this chart: {errorMessage(error)}
      </Alert>
    );
  } else if (loading) {
    body = (
      <Skeleton
        variant="rounded"
        height={CHART_HEIGHT}
        sx={{ mt: 1 }}
        aria-label={`Loading ${title}`}
      />
    );
  } else if (data.length === 0) {
    body = (
      <Typography id={summaryId} color="text.secondary" sx={{ py: 3 }}>
        No readings in this period
      </Typography>
    );
  } else {
    const values = data.map((point) => point.value);
    const last = data[data.length - 1];
    const summary = `Latest ${withUnit(last?.value ?? 0)} on ${formatDate(last?.key, DATE_FORMATS.reading)}; ${data.length} ${data.length === 1 ? 'reading' : 'readings'} from ${withUnit(Math.min(...values))} to ${withUnit(Math.max(...values))}.`;
    const axisProps = {
      tick: { fontSize: 12, fill: theme.palette.text.secondary },
      stroke: theme.palette.divider,
    };
    const colour = theme.palette.primary.main;
    const chartChildren = [
      <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
      <XAxis
        key="x"
        dataKey="key"
        tickFormatter={(day: string) => formatDate(day, AXIS_DATE)}
        minTickGap={16}
        {...axisProps}
      />,
      <YAxis
        key="y"
        width={48}
        tickFormatter={format}
        domain={domain ?? ['auto', 'auto']}
        allowDecimals={decimals > 0}
        {...axisProps}
      />,
      <Tooltip
        key="tooltip"
        labelFormatter={(day) => formatDate(String(day), DATE_FORMATS.reading)}
        formatter={(value) => [withUnit(Number(value)), title]}
      />,
    ];
    body = (
      <>
        <Typography id={summaryId} variant="body2" color="text.secondary">
          {summary}
        </Typography>
        <Box aria-hidden="true" sx={{ height: CHART_HEIGHT, mt: 1 }}>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            {kind === 'bar' ? (
              <BarChart data={data} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
                {chartChildren}
                <Bar
                  dataKey="value"
                  fill={colour}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              </BarChart>
            ) : (
              <LineChart data={data} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
                {chartChildren}
                <Line
                  type="linear"
                  dataKey="value"
                  stroke={colour}
                  strokeWidth={2}
                  dot={data.length <= 14 ? { r: 3 } : false}
                  isAnimationActive={false}
                />
              </LineChart>
            )}
          </ResponsiveContainer>
        </Box>
        {/* The box clips the table, which outgrows any width set on itself. */}
        <Box sx={visuallyHidden}>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">{unit ? `${title} (${unit})` : title}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((point) => (
                <tr key={point.key}>
                  <td>{formatDate(point.key, DATE_FORMATS.reading)}</td>
                  <td>{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </>
    );
  }

  return (
    <Box
      component="figure"
      aria-labelledby={titleId}
      aria-describedby={hasSummary ? summaryId : undefined}
      sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Typography id={titleId} component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <InsightArrow insight={insight} />
      </Box>
      {body}
    </Box>
  );
}
