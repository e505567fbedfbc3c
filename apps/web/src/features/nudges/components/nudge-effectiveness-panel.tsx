import { lazy, Suspense, useId, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Skeleton,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type {
  NudgeEffectiveness,
  NudgeEffectivenessQuery,
} from '@recovery-portal/contract/nudge-effectiveness';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatNumber } from '#app/lib/format.ts';
import { useNudgeEffectiveness } from '#app/features/nudges/api/get-nudge-effectiveness.ts';
import {
  effectivenessSummary,
  formatShare,
} from '#app/features/nudges/nudge-effectiveness-summary.ts';
import {
  EFFECTIVENESS_SERIES,
  effectivenessChartHeight,
  useSeriesColours,
} from './effectiveness-series';

// The chart library loads only when the panel is opened.
const NudgeEffectivenessChart = lazy(async () => ({
  default: (await import('./nudge-effectiveness-chart')).NudgeEffectivenessChart,
}));

/** Titles charted before 'Show all': the most sent ones. */
export const EFFECTIVENESS_TOP_TITLES = 10;

type NudgeEffectivenessPanelProps = {
  /** The Nudges screen's period and participant-type tab. */
  query: NudgeEffectivenessQuery;
};

/**
 * ADR 0005 'Nudge effectiveness': a collapsible panel on the Nudges screen. Closed, it asks the
 * server nothing; open, it follows the list's period and participant-type tab.
 */
export function NudgeEffectivenessPanel({ query }: NudgeEffectivenessPanelProps) {
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const detailsId = useId();
  return (
    <Accordion
      disableGutters
      expanded={open}
      onChange={(_event, expanded) => setOpen(expanded)}
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
      variant="outlined"
      sx={{ mb: 2, borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={summaryId} aria-controls={detailsId}>
        <Typography component="span" variant="h3">
          Effectiveness
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={detailsId}>
        <EffectivenessBody query={query} />
      </AccordionDetails>
    </Accordion>
  );
}

function EffectivenessBody({ query }: NudgeEffectivenessPanelProps) {
  const effectiveness = useNudgeEffectiveness(query);
  if (effectiveness.isError) {
    return (
      <Alert severity="error">
        Could not load the nudge effectiveness: {errorMessage(effectiveness.error)}
      </Alert>
    );
  }
  if (effectiveness.isPending) {
    return (
      <Skeleton
        variant="rounded"
        height={160}
        role="progressbar"
        aria-label="Loading nudge effectiveness"
      />
    );
  }
  return <EffectivenessFigure data={effectiveness.data} userType={query.user_type} />;
}

function EffectivenessFigure({
  data,
  userType,
}: {
  data: NudgeEffectiveness;
  userType: NudgeEffectivenessQuery['user_type'];
}) {
  const titleId = useId();
  const summaryId = useId();
  const [showAll, setShowAll] = useState(false);
  const charted = showAll ? data.titles : data.titles.slice(0, EFFECTIVENESS_TOP_TITLES);
  const hidden = data.titles.length - charted.length;
  const who = userType ? `${userType} participants` : 'All participants';

  return (
    <Box
      component="figure"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      sx={{ m: 0, minWidth: 0 }}
    >
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        Feedback and opens by nudge title ({who})
      </Typography>
      <Typography id={summaryId} variant="body2" sx={{ mt: 0.5 }}>
        {effectivenessSummary(data)}
      </Typography>
      {data.titles.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Sent nudges only (not pending or cancelled); the number sent follows each title. The
            list&apos;s period and tab apply, its other filters do not.
          </Typography>
          <SeriesLegend />
          <Box aria-hidden="true" sx={{ mt: 1 }}>
            <Suspense
              fallback={
                <Skeleton variant="rounded" height={effectivenessChartHeight(charted.length)} />
              }
            >
              <NudgeEffectivenessChart rows={charted} />
            </Suspense>
          </Box>
          {data.titles.length > EFFECTIVENESS_TOP_TITLES ? (
            <Button size="small" onClick={() => setShowAll((all) => !all)}>
              {showAll
                ? `Show the ${EFFECTIVENESS_TOP_TITLES} most sent titles`
                : `Show all ${data.titles.length} titles (${hidden} more)`}
            </Button>
          ) : null}
          {data.total_titles > data.titles.length ? (
            <Typography variant="body2" color="text.secondary">
              The {formatNumber(data.titles.length)} most sent of {formatNumber(data.total_titles)}{' '}
              titles are shown.
            </Typography>
          ) : null}
          {/* The box clips the table, which outgrows any width set on itself. */}
          <Box sx={visuallyHidden}>
            <table>
              <caption>Nudge effectiveness by title</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Thumbs up</th>
                  <th scope="col">Thumbs down</th>
                  <th scope="col">No feedback</th>
                  <th scope="col">Opened</th>
                </tr>
              </thead>
              <tbody>
                {data.titles.map((row) => (
                  <tr key={row.title}>
                    <th scope="row">{row.title}</th>
                    <td>{formatNumber(row.sent)}</td>
                    <td>{formatShare(row.thumbs_up_share)}</td>
                    <td>{formatShare(row.thumbs_down_share)}</td>
                    <td>{formatShare(row.no_feedback_share)}</td>
                    <td>{formatShare(row.open_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      ) : null}
    </Box>
  );
}

function SeriesLegend() {
  const colours = useSeriesColours();
  return (
    <Box
      component="ul"
      aria-label="Chart legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, mt: 1, p: 0 }}
    >
      {EFFECTIVENESS_SERIES.map((series) => (
        <Box
          component="li"
          key={series.key}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
        >
          <Box
            aria-hidden="true"
            sx={{
              width: 14,
              height: 14,
              borderRadius: '3px',
              bgcolor: colours[series.key],
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Typography component="span" variant="body2">
            {series.stack === 'opened' ? `${series.label} (separate bar)` : series.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
