import { lazy, useId } from 'react';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { MARKER_LEGEND_ORDER, OUTCOME_MARKERS } from '@recovery-portal/contract/outcome-markers';
import { OUTCOME_STATUS_LABELS } from '@recovery-portal/contract/outcomes';
import type { CohortPoint, OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { percentileText, tooFewText } from '@recovery-portal/contract/outcome-reference';
import {
  measureReferences,
  PUBLISHED_REFERENCE_NOTES,
} from '@recovery-portal/contract/published-outcomes';
import { LoadWhenNear } from '#app/components/ui/deferred.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useOutcomeTrends } from '#app/features/outcomes/api/get-outcome-trends.ts';
import {
  formatImprovement,
  formatOutcomeValue,
  programmeText,
  scoredSurveys,
  surveySummary,
  thresholdText,
} from '#app/features/outcomes/outcome-summary.ts';
import { MarkerIcon } from './outcome-marker';

// The chart library loads once there is something to draw and the chart comes near the viewport.
const OutcomeChart = lazy(async () => ({
  default: (await import('./outcome-chart')).OutcomeChart,
}));
const CHART_HEIGHT = 220;

export const OUTCOME_EMPTY_TEXT =
  'No survey scores yet. Scores appear here once the participant submits a survey.';

/** The clinic's band, in words (it has no marker). */
const BAND_LEGEND =
  "Shaded bar and tick: this clinic's comparable patients, middle half and median";

/**
 * 'Outcome trends': each published score over the schedule against its instrument's MCID, PASS
 * and SCB, next to the clinic's comparable patients and the published means that exist. There is
 * no expected curve: decision record 0016-published-outcome-scores says why.
 */
export function OutcomeTrendsSection({ participantId }: { participantId: number }) {
  const trends = useOutcomeTrends(participantId);
  const surveys = scoredSurveys(trends.data);

  let body;
  if (trends.isError) {
    body = (
      <Alert severity="error">
        Could not load the outcome trends: {errorMessage(trends.error)}
      </Alert>
    );
  } else if (trends.isPending) {
    body = (
      <Skeleton
        variant="rounded"
        height={CHART_HEIGHT}
        role="progressbar"
        aria-label="Loading outcome trends"
      />
    );
  } else if (surveys.length === 0) {
    body = <Typography color="text.secondary">{OUTCOME_EMPTY_TEXT}</Typography>;
  } else {
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {programmeText(trends.data)} From 3 Months the change since PreOp is held against the
          minimal clinically important difference (MCID, dotted line), from 6 Months the score
          against the patient-acceptable symptom state (PASS, dashed line), as published; the
          substantial clinical benefit (SCB) is dash-dotted.
        </Typography>
        <Legend />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
            gap: 2,
            mt: 1.5,
          }}
        >
          {surveys.map((survey) => (
            <SurveyOutcome key={`${survey.survey_id}-${survey.measure}`} survey={survey} />
          ))}
        </Box>
      </>
    );
  }

  return <SectionCard title="Outcome trends">{body}</SectionCard>;
}

function Legend() {
  return (
    <Box
      component="ul"
      aria-label="Chart legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}
    >
      {MARKER_LEGEND_ORDER.map((kind) => (
        <Box
          component="li"
          key={kind}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
        >
          <MarkerIcon kind={kind} />
          <Typography component="span" variant="body2">
            {OUTCOME_MARKERS[kind].label}
          </Typography>
        </Box>
      ))}
      <Box component="li">
        <Typography component="span" variant="body2" color="text.secondary">
          {BAND_LEGEND}
        </Typography>
      </Box>
    </Box>
  );
}

/** One published score: name, scale, thresholds with sources, the chart and a table of numbers. */
function SurveyOutcome({ survey }: { survey: OutcomeSurvey }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Box
      component="figure"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
    >
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        {survey.label} · {survey.title}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {survey.name} ({survey.scale_text}) · {thresholdText(survey)}
      </Typography>
      <Box aria-hidden="true" sx={{ height: CHART_HEIGHT, mt: 1 }}>
        <LoadWhenNear placeholder={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
          <OutcomeChart survey={survey} />
        </LoadWhenNear>
      </Box>
      <Typography id={summaryId} variant="body2" sx={{ mt: 1 }}>
        {surveySummary(survey)}
      </Typography>
      <Reference survey={survey} />
      <Sources survey={survey} />
      {/* The box clips the table, which outgrows any width set on itself. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{survey.label}: scores against the MCID and PASS, and this clinic</caption>
          <thead>
            <tr>
              <th scope="col">Timepoint</th>
              <th scope="col">Score</th>
              <th scope="col">Change from PreOp</th>
              <th scope="col">Status</th>
              <th scope="col">This clinic: median (middle half), n</th>
              <th scope="col">Percentile in this clinic</th>
            </tr>
          </thead>
          <tbody>
            {survey.points.map((point, index) => (
              <tr key={point.timepoint}>
                <th scope="row">{point.label}</th>
                <td>
                  {point.score === null
                    ? (point.not_scorable_reason ?? 'No score')
                    : formatOutcomeValue(survey, point.score)}
                </td>
                <td>{formatImprovement(survey, point.improvement)}</td>
                <td>{point.status ? OUTCOME_STATUS_LABELS[point.status] : '-'}</td>
                <td>{cohortCell(survey, survey.cohort?.points[index])}</td>
                <td>{percentileText(survey.cohort?.points[index])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

/** The clinic's figures at a timepoint in a table cell: '65.99 (59.38-70.70), n = 84'. */
function cohortCell(survey: OutcomeSurvey, point: CohortPoint | undefined): string {
  if (!point) return '-';
  if (point.median === null || point.p25 === null || point.p75 === null) {
    return `Too few (n = ${point.n})`;
  }
  const value = (n: number) => formatOutcomeValue(survey, n);
  return `${value(point.median)} (${value(point.p25)}-${value(point.p75)}), n = ${point.n}`;
}

/** What the band is (or why there is none), and what the publications give for this score. */
function Reference({ survey }: { survey: OutcomeSurvey }) {
  const lines = [
    survey.cohort ? `Band: ${survey.cohort.label}.` : survey.cohort_note,
    tooFewText(survey),
    PUBLISHED_REFERENCE_NOTES[survey.measure],
  ].filter((line): line is string => line !== null);
  return (
    <Box sx={{ mt: 0.5 }}>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** Each publication the chart draws from, once, with what it gives: small print under it. */
function Sources({ survey }: { survey: OutcomeSurvey }) {
  const references = measureReferences(survey.measure);
  if (references.length === 0) return null;
  return (
    <Box component="ul" aria-label={`${survey.label} sources`} sx={{ m: 0, mt: 1, pl: 2 }}>
      {references.map((reference) => (
        <Typography component="li" key={reference.cite} variant="caption" color="text.secondary">
          {reference.cite} ({reference.figures.join('; ')}): {reference.source}
        </Typography>
      ))}
    </Box>
  );
}
