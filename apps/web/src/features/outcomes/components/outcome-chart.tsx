import { Paper, Typography, useTheme } from '@mui/material';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DotItemDotProps } from 'recharts';
import {
  anchorIn,
  chartColumns,
  type ChartColumn,
} from '@recovery-portal/contract/outcome-reference';
import { niceTicks } from '@recovery-portal/contract/outcome-markers';
import type { OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { mcidTarget, scbTarget } from '#app/features/outcomes/outcome-summary.ts';
import { chartPointLines } from '#app/features/outcomes/outcome-reference-text.ts';
import { medianTick, type ShapeProps } from './median-tick';
import { MarkerShape, useMarkerColours } from './outcome-marker';
import type { MarkerKind } from './outcome-marker';

export const OUTCOME_CHART_HEIGHT = 220;

/** Short enough for the columns side by side on a narrow card; the tooltip says it in full. */
const AXIS_LABELS: Record<ChartColumn['key'], string> = {
  PRE_OP: 'PreOp',
  WEEK_6: '6 wk',
  MONTH_3: '3 mo',
  MONTH_6: '6 mo',
  MONTH_12: '12 mo',
  YEARS_1_2: '1-2 y*',
  OVER_2_YEARS: '>2 y*',
};

type ChartRow = {
  axis: string;
  index: number;
  score: number | null;
  kind: MarkerKind;
  band: [number, number] | null;
  median: number | null;
  anchor: number | null;
  /** Below and above the mean: the SD, cut at the ends of the scale. */
  anchorError: [number, number] | null;
};

function toRows(survey: OutcomeSurvey): ChartRow[] {
  return chartColumns(survey).map((column, index) => {
    const point = column.kind === 'timepoint' ? survey.points[index] : undefined;
    const cohort = column.kind === 'timepoint' ? survey.cohort?.points[index] : undefined;
    const anchor = anchorIn(survey, column);
    const banded = cohort && cohort.p25 !== null && cohort.p75 !== null;
    return {
      axis: AXIS_LABELS[column.key],
      index,
      score: point?.score ?? null,
      kind: point?.status ?? 'UNJUDGED',
      band: banded ? [cohort.p25 ?? 0, cohort.p75 ?? 0] : null,
      median: cohort?.median ?? null,
      anchor: anchor?.mean ?? null,
      anchorError: anchor
        ? [
            anchor.mean - Math.max(survey.min, anchor.mean - anchor.sd),
            Math.min(survey.max, anchor.mean + anchor.sd) - anchor.mean,
          ]
        : null,
    };
  });
}

function isChartRow(value: unknown): value is ChartRow {
  return typeof value === 'object' && value !== null && 'kind' in value && 'axis' in value;
}

/**
 * One published score over the five timepoints on the instrument's whole scale: the participant's
 * scores joined by a line; the clinic's middle half of comparable patients as a shaded bar and
 * its median as a tick, at each timepoint with enough of them; published means as the contract's hollow squares
 * with their SD, in their own columns after 12 Months (*), never joined; the PASS (dashed) and
 * PreOp plus the MCID (dotted) and the SCB (dash-dot). Drawn for sighted users only: the
 * section around it carries the same in words and a table.
 */
export function OutcomeChart({ survey }: { survey: OutcomeSurvey }) {
  const theme = useTheme();
  const colours = useMarkerColours();
  const rows = toRows(survey);
  const target = mcidTarget(survey);
  const benefit = scbTarget(survey);
  const muted = theme.palette.text.secondary;
  const anchorColour = colours.PUBLISHED_MEAN;
  const axisProps = { tick: { fontSize: 12, fill: muted }, stroke: theme.palette.divider };
  const referenceLabel = (value: string) => ({
    value,
    position: 'insideTopRight' as const,
    fontSize: 11,
    fill: muted,
  });

  const renderDot = ({ cx, cy, payload, index }: DotItemDotProps) => {
    if (!isChartRow(payload) || payload.score === null || cx === undefined || cy === undefined) {
      return <g key={index} />;
    }
    return (
      <g key={index}>
        <MarkerShape kind={payload.kind} cx={cx} cy={cy} colour={colours[payload.kind]} />
      </g>
    );
  };

  return (
    <ResponsiveContainer width="100%" height={OUTCOME_CHART_HEIGHT}>
      <ComposedChart
        data={rows}
        accessibilityLayer={false}
        margin={{ top: 20, left: 0, right: 16, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="axis" interval={0} padding={{ left: 12, right: 12 }} {...axisProps} />
        <YAxis
          width={40}
          domain={[survey.min, survey.max]}
          ticks={niceTicks(survey.min, survey.max)}
          interval={0}
          {...axisProps}
        />
        <Tooltip
          content={({ active, payload }) => {
            const row: unknown = payload?.[0]?.payload;
            if (!active || !isChartRow(row)) return null;
            const column = chartColumns(survey)[row.index];
            if (!column) return null;
            return (
              <Paper variant="outlined" sx={{ p: 1, maxWidth: 280 }}>
                {chartPointLines(survey, column).map((line) => (
                  <Typography key={line} variant="caption" component="p" sx={{ m: 0 }}>
                    {line}
                  </Typography>
                ))}
              </Paper>
            );
          }}
        />
        <Bar
          dataKey="band"
          barSize={16}
          fill={theme.palette.primary.light}
          fillOpacity={0.25}
          isAnimationActive={false}
        />
        <Scatter dataKey="median" isAnimationActive={false} shape={medianTick(muted, 18, 2)} />
        <Scatter
          dataKey="anchor"
          isAnimationActive={false}
          shape={({ cx, cy }: ShapeProps) =>
            typeof cx !== 'number' || typeof cy !== 'number' ? (
              <g />
            ) : (
              <MarkerShape kind="PUBLISHED_MEAN" cx={cx} cy={cy} colour={anchorColour} size={8} />
            )
          }
        >
          <ErrorBar dataKey="anchorError" direction="y" width={6} stroke={anchorColour} />
        </Scatter>
        {survey.pass ? (
          <ReferenceLine
            y={survey.pass.value}
            stroke={muted}
            strokeDasharray="6 4"
            label={referenceLabel(`PASS ${survey.pass.value}`)}
          />
        ) : null}
        {target !== null ? (
          <ReferenceLine
            y={target}
            stroke={muted}
            strokeDasharray="2 3"
            label={referenceLabel('PreOp + MCID')}
          />
        ) : null}
        {benefit !== null ? (
          <ReferenceLine
            y={benefit}
            stroke={muted}
            strokeDasharray="8 3 2 3"
            label={referenceLabel('PreOp + SCB')}
          />
        ) : null}
        <Line
          type="linear"
          dataKey="score"
          name="score"
          stroke={theme.palette.primary.main}
          strokeWidth={2}
          dot={renderDot}
          activeDot={false}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
