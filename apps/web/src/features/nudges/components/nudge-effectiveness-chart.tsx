import { useMediaQuery, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { NudgeEffectivenessRow } from '@recovery-portal/contract/nudge-effectiveness';
import { formatNumber } from '#app/lib/format.ts';
import { formatShare } from '#app/features/nudges/nudge-effectiveness-summary.ts';
import {
  EFFECTIVENESS_SERIES,
  effectivenessChartHeight,
  useSeriesColours,
} from './effectiveness-series';

/** Segments narrower than this carry no percentage label: it would not fit. */
const MIN_LABELLED_SHARE = { wide: 0.08, narrow: 0.22 };
const TITLE_AXIS_WIDTH = { wide: 210, narrow: 120 };

type ChartRow = NudgeEffectivenessRow & { axis_label: string };

/**
 * Per title, a bar of the feedback shares stacked to 100% and, beneath it, a bar of the open
 * rate. Drawn for sighted users only: the panel carries the summary and a table of the numbers.
 */
export function NudgeEffectivenessChart({ rows }: { rows: readonly NudgeEffectivenessRow[] }) {
  const theme = useTheme();
  const colours = useSeriesColours();
  // On a phone the titles get less room and only wide segments a label.
  const size = useMediaQuery(theme.breakpoints.down('sm')) ? 'narrow' : 'wide';
  const percentLabel = (value: unknown): string => {
    const share = Number(value);
    return Number.isFinite(share) && share >= MIN_LABELLED_SHARE[size] ? formatShare(share) : '';
  };
  const data: ChartRow[] = rows.map((row) => ({
    ...row,
    axis_label: `${row.title} (${formatNumber(row.sent)})`,
  }));
  const axisProps = {
    tick: { fontSize: 12, fill: theme.palette.text.secondary },
    stroke: theme.palette.divider,
  };
  const height = effectivenessChartHeight(rows.length);

  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        barCategoryGap="18%"
        barGap={2}
        margin={{ top: 4, right: 16, left: 0, bottom: 4 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tickFormatter={formatShare}
          {...axisProps}
        />
        <YAxis
          type="category"
          dataKey="axis_label"
          width={TITLE_AXIS_WIDTH[size]}
          interval={0}
          {...axisProps}
        />
        <Tooltip
          // The pale 'no feedback' grey would be the default text colour: too little contrast.
          itemStyle={{ color: theme.palette.text.primary }}
          // In the order of the bars and the legend, not alphabetical.
          itemSorter={(item) =>
            EFFECTIVENESS_SERIES.findIndex((series) => series.key === item.dataKey)
          }
          formatter={(value, name) => {
            const series = EFFECTIVENESS_SERIES.find((candidate) => candidate.key === name);
            return [formatShare(Number(value)), series?.label ?? String(name)];
          }}
        />
        {EFFECTIVENESS_SERIES.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.key}
            stackId={series.stack}
            fill={colours[series.key]}
            isAnimationActive={false}
          >
            <LabelList
              dataKey={series.key}
              position="center"
              formatter={percentLabel}
              fill={series.key === 'no_feedback_share' ? theme.palette.text.primary : '#ffffff'}
              fontSize={11}
            />
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
