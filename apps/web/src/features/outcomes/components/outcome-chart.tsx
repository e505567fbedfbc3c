import { useTheme } from '@mui/material';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DotItemDotProps } from 'recharts';
import { OUTCOME_STATUS_LABELS } from '@recovery-portal/contract/outcomes';
import type { OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import {
  formatImprovement,
  formatOutcomeValue,
  mcidTarget,
} from '#app/features/outcomes/outcome-summary.ts';
import { MarkerShape, useMarkerColours } from './outcome-marker';
import type { MarkerKind } from './outcome-marker';

export const OUTCOME_CHART_HEIGHT = 220;

/** Short enough for five ticks side by side on a narrow card; the tooltip says it in full. */
const AXIS_LABELS: Record<SurveyTimepoint, string> = {
  PRE_OP: 'PreOp',
  WEEK_6: '6 wk',
  MONTH_3: '3 mo',
  MONTH_6: '6 mo',
  MONTH_12: '12 mo',
};

type ChartRow = {
  axis: string;
  label: string;
  score: number | null;
  kind: MarkerKind;
  improvement: number | null;
};

function toRows(survey: OutcomeSurvey): ChartRow[] {
  return survey.points.map((point) => ({
    axis: AXIS_LABELS[point.timepoint],
    label: point.label,
    score: point.score,
    kind: point.status ?? 'UNJUDGED',
    improvement: point.improvement,
  }));
}

function isChartRow(value: unknown): value is ChartRow {
  return typeof value === 'object' && value !== null && 'kind' in value && 'label' in value;
}

/**
 * One published score over the five timepoints on the instrument's whole scale, with the PASS
 * (dashed) and the PreOp score plus the MCID (dotted) as reference lines. A score held against
 * them gets its own shape and colour. Drawn for sighted users only: the section around it
 * carries the summary and a table with the same numbers.
 */
export function OutcomeChart({ survey }: { survey: OutcomeSurvey }) {
  const theme = useTheme();
  const colours = useMarkerColours();
  const rows = toRows(survey);
  const target = mcidTarget(survey);
  const axisProps = {
    tick: { fontSize: 12, fill: theme.palette.text.secondary },
    stroke: theme.palette.divider,
  };
  const referenceLabel = (value: string) => ({
    value,
    position: 'insideTopRight' as const,
    fontSize: 11,
    fill: theme.palette.text.secondary,
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
        <XAxis dataKey="axis" interval={0} padding={{ left: 20, right: 20 }} {...axisProps} />
        <YAxis width={40} domain={[survey.min, survey.max]} allowDecimals={false} {...axisProps} />
        <Tooltip
          itemStyle={{ color: theme.palette.text.primary }}
          formatter={(value) => [formatOutcomeValue(survey, Number(value)), survey.label]}
          labelFormatter={(label, payload) => {
            const row: unknown = payload?.[0]?.payload;
            if (!isChartRow(row)) return String(label);
            const change =
              row.improvement === null
                ? ''
                : ` (${formatImprovement(survey, row.improvement)} from PreOp)`;
            if (row.kind === 'UNJUDGED') return `${row.label}${change}`;
            return `${row.label}${change}: ${OUTCOME_STATUS_LABELS[row.kind].toLowerCase()}`;
          }}
        />
        {survey.pass ? (
          <ReferenceLine
            y={survey.pass.value}
            stroke={theme.palette.text.secondary}
            strokeDasharray="6 4"
            label={referenceLabel(`PASS ${survey.pass.value}`)}
          />
        ) : null}
        {target !== null ? (
          <ReferenceLine
            y={target}
            stroke={theme.palette.text.secondary}
            strokeDasharray="2 3"
            label={referenceLabel('PreOp + MCID')}
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
