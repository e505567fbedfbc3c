import { lazy, Suspense, useId } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { formatMeasureValue, MEASURE_INFO } from '@recovery-portal/contract/instruments';
import { COHORT_MIN_N } from '@recovery-portal/contract/outcomes';
import {
  OUTCOME_RATE_LABELS,
  type ProgrammeMeasure,
  type ProgrammePoint,
} from '@recovery-portal/contract/programme-outcomes';
import { PUBLISHED_REFERENCE_NOTES } from '@recovery-portal/contract/published-outcomes';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { SidewaysScroll } from '#app/components/ui/sideways-scroll.tsx';
import { PROGRAMME_TABLE_SX } from './programme-table';

const ProgrammeChart = lazy(async () => ({
  default: (await import('./programme-chart')).ProgrammeChart,
}));
const CHART_HEIGHT = 200;

const percent = (value: number | null) => (value === null ? '-' : `${value}%`);

function middleHalf(measure: ProgrammeMeasure, point: ProgrammePoint): string {
  if (point.p25 === null || point.p75 === null) return `Too few (fewer than ${COHORT_MIN_N})`;
  return `${formatMeasureValue(measure.measure, point.p25)} to ${formatMeasureValue(measure.measure, point.p75)}`;
}

/** The chart in words, for the figure's description. */
function chartSummary(measure: ProgrammeMeasure): string {
  const banded = measure.points.filter((point) => point.median !== null);
  if (banded.length === 0) {
    return `${measure.n} participants with a ${measure.label} score; no timepoint has ${COHORT_MIN_N} or more, so no band is drawn.`;
  }
  const medians = banded
    .map((point) => `${point.label} ${formatMeasureValue(measure.measure, point.median ?? 0)}`)
    .join(', ');
  return `${measure.n} participants with a ${measure.label} score. Median by timepoint: ${medians}.`;
}

/** One published score of the programme: its band per timepoint, threshold shares, completion. */
export function ProgrammeMeasureCard({ measure }: { measure: ProgrammeMeasure }) {
  const summaryId = useId();
  return (
    <SectionCard title={`${measure.label} · ${measure.name}`}>
      <Typography variant="body2" color="text.secondary">
        {measure.scale_text}. Shaded bar: the middle half of the participants' scores; tick: their
        median{MEASURE_INFO[measure.measure].pass ? '; dashed: the PASS' : ''}.
      </Typography>
      <Box component="figure" aria-describedby={summaryId} sx={{ m: 0, mt: 1 }}>
        <Box aria-hidden="true" sx={{ height: CHART_HEIGHT }}>
          <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
            <ProgrammeChart measure={measure} />
          </Suspense>
        </Box>
        <Typography id={summaryId} component="figcaption" variant="body2" sx={{ mt: 1 }}>
          {chartSummary(measure)}
        </Typography>
      </Box>
      <SidewaysScroll label={`${measure.label}: scores and completion by timepoint`} sx={{ mt: 1 }}>
        <Box component="table" sx={PROGRAMME_TABLE_SX}>
          <caption style={visuallyHidden}>
            {measure.label}: scores and completion by timepoint
          </caption>
          <thead>
            <tr>
              <th scope="col">Timepoint</th>
              <th scope="col">Scores (n)</th>
              <th scope="col">Median</th>
              <th scope="col">Middle half</th>
              <th scope="col">Questionnaires submitted</th>
            </tr>
          </thead>
          <tbody>
            {measure.points.map((point, index) => {
              const completion = measure.completion[index];
              return (
                <tr key={point.timepoint}>
                  <th scope="row">{point.label}</th>
                  <td>{point.n}</td>
                  <td>
                    {point.median === null
                      ? '-'
                      : formatMeasureValue(measure.measure, point.median)}
                  </td>
                  <td>{middleHalf(measure, point)}</td>
                  <td>
                    {completion
                      ? `${percent(completion.percent)} (${completion.submitted} of ${completion.due} due)`
                      : '-'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Box>
      </SidewaysScroll>
      {measure.rates.length > 0 ? (
        <SidewaysScroll
          label={`${measure.label}: shares reaching the published thresholds`}
          sx={{ mt: 2 }}
        >
          <Box component="table" sx={PROGRAMME_TABLE_SX}>
            <caption style={visuallyHidden}>
              {measure.label}: shares reaching the published thresholds
            </caption>
            <thead>
              <tr>
                <th scope="col">Threshold</th>
                <th scope="col">This cohort</th>
                <th scope="col">Published</th>
              </tr>
            </thead>
            <tbody>
              {measure.rates.map((rate) => (
                <tr key={rate.kind}>
                  <th scope="row">
                    {OUTCOME_RATE_LABELS[rate.kind]} ({rate.kind} {rate.threshold})
                  </th>
                  <td>
                    {percent(rate.percent)} ({rate.reached} of {rate.eligible})
                  </td>
                  <td>
                    {rate.published.length === 0
                      ? 'None found'
                      : rate.published.map((p) => `${p.text} (${p.cite})`).join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </SidewaysScroll>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {PUBLISHED_REFERENCE_NOTES[measure.measure]}
      </Typography>
    </SectionCard>
  );
}
