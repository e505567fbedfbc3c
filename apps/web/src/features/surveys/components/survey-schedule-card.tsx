import { Box, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { AdherenceEntry, AdherenceItem } from '@recovery-portal/contract/adherence';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { VisuallyHidden } from '#app/components/ui/visually-hidden.tsx';
import { DATE_FORMATS, formatDate, toApiDate } from '#app/lib/format.ts';
import { useAdherence } from '#app/features/surveys/api/get-adherence.ts';
import { surveyCellState } from '#app/features/surveys/survey-schedule.ts';
import type { SurveyCellState } from '#app/features/surveys/survey-schedule.ts';

/** Accessible names of the schedule's dots and icon. */
export const SURVEY_CELL_LABELS = {
  overdue: 'Overdue',
  due: 'Due',
  notApplicable: 'Not applicable',
  notScheduled: 'Not scheduled',
} as const;

const scheduleDate = (value: string | null) => formatDate(value, DATE_FORMATS.surveySchedule);

/** The target date a column header shows: the first survey that has one at that timepoint. */
function headerDate(items: readonly AdherenceItem[], timepoint: SurveyTimepoint): string | null {
  for (const item of items) {
    const date = item.entries.find((entry) => entry.timepoint === timepoint)?.target_date;
    if (date) return date;
  }
  return null;
}

function Dot({ colour, label }: { colour: string; label: string }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-block',
        flex: 'none',
        // Centred on the first line of body2 text (20px line height).
        mt: '5px',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: colour,
      }}
    />
  );
}

function DotLine({ colour, label, text }: { colour: string; label: string; text: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.75 }}>
      <Dot colour={colour} label={label} />
      <Typography component="span" variant="body2">
        {text}
      </Typography>
    </Box>
  );
}

/** One cell of the schedule in the shape of spec §4 'Survey schedule cell'. */
export function SurveyCell({ state }: { state: SurveyCellState }) {
  switch (state.kind) {
    case 'submitted':
      return (
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
            {state.text ?? '-'}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary">
            Submitted on {scheduleDate(state.date)}
          </Typography>
        </Box>
      );
    case 'not-applicable':
      return (
        <Close
          titleAccess={SURVEY_CELL_LABELS.notApplicable}
          fontSize="small"
          sx={{ color: 'text.secondary', verticalAlign: 'middle' }}
        />
      );
    case 'overdue':
      return (
        <DotLine
          colour="error.main"
          label={SURVEY_CELL_LABELS.overdue}
          text={`Overdue since ${scheduleDate(state.date)}`}
        />
      );
    case 'due-today':
      return <DotLine colour="grey.500" label={SURVEY_CELL_LABELS.due} text="Due today" />;
    case 'due':
      return (
        <DotLine
          colour="grey.500"
          label={SURVEY_CELL_LABELS.due}
          text={`Due on ${scheduleDate(state.date)}`}
        />
      );
    case 'unscheduled':
      return (
        <>
          <span aria-hidden="true">-</span>
          <VisuallyHidden>{SURVEY_CELL_LABELS.notScheduled}</VisuallyHidden>
        </>
      );
  }
}

function columnsFor(items: readonly AdherenceItem[], today: string) {
  const timepointColumns = SURVEY_TIMEPOINTS.map(
    (timepoint, index): DataTableColumn<AdherenceItem> => {
      const date = headerDate(items, timepoint);
      return {
        id: timepoint,
        header: (
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {SURVEY_TIMEPOINT_LABELS[timepoint]}
            </Box>
            {date && (
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', fontWeight: 400 }}
              >
                {scheduleDate(date)}
              </Typography>
            )}
          </>
        ),
        cell: (item) => {
          // The contract guarantees five entries in schedule order; match by timepoint anyway.
          const entry: AdherenceEntry | undefined =
            item.entries.find((candidate) => candidate.timepoint === timepoint) ??
            item.entries[index];
          return entry ? <SurveyCell state={surveyCellState(entry, today)} /> : null;
        },
        // Cells wrap so the five timepoints fit beside the profile panel without scrolling.
        sx: { verticalAlign: 'top', minWidth: 110 },
      };
    },
  );
  return [
    {
      id: 'survey',
      header: 'Survey',
      cell: (item) => item.title,
      sx: { fontWeight: 600, verticalAlign: 'top', minWidth: 130 },
    },
    ...timepointColumns,
  ] satisfies DataTableColumn<AdherenceItem>[];
}

/** Spec §2 'Survey Schedule card': per survey, the five timepoints and where each stands. */
export function SurveyScheduleCard({ participantId }: { participantId: number }) {
  const adherence = useAdherence(participantId);
  const items = adherence.data ?? [];
  return (
    <SectionCard title="Survey Schedule">
      <DataTable
        label="Survey Schedule"
        columns={columnsFor(items, toApiDate())}
        rows={items}
        getRowId={(item) => item.survey_id}
        loading={adherence.isPending}
        size="small"
      />
    </SectionCard>
  );
}
