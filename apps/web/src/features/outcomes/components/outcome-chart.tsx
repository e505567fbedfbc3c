import { alpha, useTheme } from '@mui/material';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DotItemDotProps } from 'recharts';
import { OUTCOME_DEVIATION_LABELS } from '@recovery-portal/contract/outcomes';
import type { OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import { formatBand, formatDeviation, formatOutcomeValue } from '../outcome-summary';
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
  expected: number | null;
  band: [number, number] | null;
  kind: MarkerKind;
  deviation: number | null;
};

function toRows(survey: OutcomeSurvey): ChartRow[] {
  return survey.points.map((point) => ({
    axis: AXIS_LABELS[point.timepoint],
    label: point.label,
    score: point.score,
    expected: point.expected,
    band: point.lower !== null && point.upper !== null ? [point.lower, point.upper] : null,
    kind: point.status ?? 'UNCOMPARED',
    deviation: point.deviation,
  }));
}

function isChartRow(value: unknown): value is ChartRow {
  return typeof value === 'object' && value !== null && 'kind' in value && 'label' in value;
}

/**
 * One questionnaire's scores over the five timepoints, over the programme's expected curve
 * (dashed) and its band (shaded). Scores outside the band get their own shape and colour and
 * are labelled with the deviation. Drawn for sighted users only: the section around it carries
 * the summary and a table with the same numbers.
 */
export function OutcomeChart({ survey }: { survey: OutcomeSurvey }) {
  const theme = useTheme();
  const colours = useMarkerColours();
  const rows = toRows(survey);
  const axisProps = {
    tick: { fontSize: 12, fill: theme.palette.text.secondary },
    stroke: theme.palette.divider,
  };
  const domain: [number, number] | ['auto', 'auto'] = survey.scale
    ? [survey.scale.min, survey.scale.max]
    : ['auto', 'auto'];

  const renderDot = ({ cx, cy, payload, index }: DotItemDotProps) => {
    if (!isChartRow(payload) || payload.score === null || cx === undefined || cy === undefined) {
      return <g key={index} />;
    }
    const outside = payload.kind === 'BETTER' || payload.kind === 'WORSE';
    return (
      <g key={index}>
        <MarkerShape kind={payload.kind} cx={cx} cy={cy} colour={colours[payload.kind]} />
        {outside ? (
          <text
            x={cx}
            y={cy - 12}
            textAnchor="middle"
            fontSize={12}
            fontWeight={700}
            fill={colours[payload.kind]}
          >
            {formatDeviation(payload.deviation)}
          </text>
        ) : null}
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
        <YAxis width={40} domain={domain} allowDecimals={false} {...axisProps} />
        <Tooltip
          // The band's pale fill would be the default text colour: too little contrast.
          itemStyle={{ color: theme.palette.text.primary }}
          formatter={(value, name) => {
            if (name === 'band' && Array.isArray(value)) {
              return [
                formatBand({ lower: Number(value[0]), upper: Number(value[1]) }),
                'Expected range',
              ];
            }
            return [formatOutcomeValue(Number(value)), name === 'expected' ? 'Expected' : 'Score'];
          }}
          labelFormatter={(label, payload) => {
            const row: unknown = payload?.[0]?.payload;
            if (!isChartRow(row)) return String(label);
            if (row.score === null || row.kind === 'UNCOMPARED') return row.label;
            return `${row.label}: ${OUTCOME_DEVIATION_LABELS[row.kind].toLowerCase()}`;
          }}
        />
        <Area
          type="monotone"
          dataKey="band"
          name="band"
          stroke="none"
          fill={alpha(theme.palette.primary.main, 0.14)}
          connectNulls
          isAnimationActive={false}
          activeDot={false}
        />
        <Line
          type="monotone"
          dataKey="expected"
          name="expected"
          stroke={theme.palette.text.secondary}
          strokeDasharray="6 4"
          strokeWidth={1.5}
          dot={false}
          activeDot={false}
          connectNulls
          isAnimationActive={false}
        />
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
