import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import {
  ANXIETY_SCALE_MAX,
  MOOD_SCALE_MAX,
  PAIN_SCALE_MAX,
  SLEEP_QUALITY_SCALE_MAX,
} from '@recovery-portal/contract/telemetry';
import type { PlotPoint } from '@recovery-portal/contract/telemetry';
import { TREND_DAYS, USER_TREND_WEEKS } from '@recovery-portal/contract/trends';
import { minutesToHours } from '#app/lib/format.ts';
import { useActivityTrend } from '#app/features/telemetry/api/get-activity-trend.ts';
import { useTrend } from '#app/features/telemetry/api/get-trend.ts';
import { useUserTrend } from '#app/features/telemetry/api/get-user-trend.ts';
import { TrendChart } from './trend-chart';

type TelemetryDetailViewProps = {
  participantId: number;
  /** The telemetry's current_run_date: the last day of every series (spec §7). */
  dateString: string;
};

/** Minutes charted as hours (spec §9: activity minutes chart values are divided by 60). */
function inHours(points: readonly PlotPoint[] | undefined): PlotPoint[] | undefined {
  return points?.map((point) => ({ key: point.key, value: minutesToHours(point.value) }));
}

/** The telemetry detail view: charts of the trend series up to current_run_date. */
export function TelemetryDetailView({ participantId, dateString }: TelemetryDetailViewProps) {
  const activity = useActivityTrend(participantId, dateString);
  const sleep = useTrend('sleep', participantId, dateString);
  const mood = useTrend('mood', participantId, dateString);
  const pain = useTrend('body-pain', participantId, dateString);
  const weight = useTrend('body-weight', participantId, dateString);
  const bmi = useTrend('bmi', participantId, dateString);
  const weekly = useUserTrend(participantId, dateString);

  const state = (query: { isPending: boolean; error: unknown }) => ({
    loading: query.isPending,
    error: query.error ?? undefined,
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="body2" color="text.secondary">
        Daily values over the {TREND_DAYS} days up to the as-of date; days without readings are left
        out.
      </Typography>

      <ChartGroup title="Activity">
        <TrendChart
          title="Steps"
          unit="steps"
          kind="bar"
          points={activity.data?.steps.plot_value}
          insight={activity.data?.steps.insight}
          {...state(activity)}
        />
        <TrendChart
          title="Active time"
          unit="hours"
          kind="bar"
          decimals={2}
          points={inHours(activity.data?.active_time.plot_value)}
          insight={activity.data?.active_time.insight}
          {...state(activity)}
        />
        <TrendChart
          title="Distance"
          unit="km"
          decimals={2}
          points={activity.data?.distance.plot_value}
          insight={activity.data?.distance.insight}
          {...state(activity)}
        />
        <TrendChart
          title="Calories out"
          unit="kCal"
          kind="bar"
          points={activity.data?.calorie_out.plot_value}
          insight={activity.data?.calorie_out.insight}
          {...state(activity)}
        />
      </ChartGroup>

      <ChartGroup title="Sleep & Mood">
        <TrendChart
          title="Sleep"
          unit="hours"
          decimals={2}
          points={inHours(sleep.data?.plot_value)}
          insight={sleep.data?.insight}
          {...state(sleep)}
        />
        <TrendChart
          title="Mood"
          domain={[1, MOOD_SCALE_MAX]}
          unit={`out of ${MOOD_SCALE_MAX}`}
          decimals={1}
          points={mood.data?.plot_value}
          insight={mood.data?.insight}
          {...state(mood)}
        />
        <TrendChart
          title="Pain Score"
          domain={[0, PAIN_SCALE_MAX]}
          unit={`out of ${PAIN_SCALE_MAX}`}
          decimals={1}
          points={pain.data?.plot_value}
          insight={pain.data?.insight}
          {...state(pain)}
        />
      </ChartGroup>

      <ChartGroup title="Body Measurement">
        <TrendChart
          title="Weight"
          unit="kg"
          decimals={1}
          points={weight.data?.plot_value}
          insight={weight.data?.insight}
          {...state(weight)}
        />
        <TrendChart
          title="BMI"
          unit=""
          decimals={2}
          points={bmi.data?.plot_value}
          insight={bmi.data?.insight}
          {...state(bmi)}
        />
      </ChartGroup>

      <ChartGroup title={`Weekly averages (${USER_TREND_WEEKS} weeks)`}>
        <TrendChart
          title="Stride length"
          unit="m"
          decimals={2}
          points={weekly.data?.metrics.stride_length.plot_value}
          insight={weekly.data?.metrics.stride_length.insight}
          {...state(weekly)}
        />
        <TrendChart
          title="Sleep Quality"
          domain={[1, SLEEP_QUALITY_SCALE_MAX]}
          unit={`out of ${SLEEP_QUALITY_SCALE_MAX}`}
          decimals={1}
          points={weekly.data?.metrics.sleep_quality.plot_value}
          insight={weekly.data?.metrics.sleep_quality.insight}
          {...state(weekly)}
        />
        <TrendChart
          title="Anxiety"
          domain={[0, ANXIETY_SCALE_MAX]}
          unit={`out of ${ANXIETY_SCALE_MAX}`}
          decimals={1}
          points={weekly.data?.metrics.anxiety.plot_value}
          insight={weekly.data?.metrics.anxiety.insight}
          {...state(weekly)}
        />
      </ChartGroup>
    </Box>
  );
}

function ChartGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
