import { lazy, useMemo, useState } from 'react';
import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable, DETAILS_PREVIEW_ROWS } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { DATE_FORMATS, formatDate, SUMMARY_WORD_LIMIT, truncateWords } from '#app/lib/format.ts';
import { useSurveyResponses } from '#app/features/surveys/api/get-survey-responses.ts';
import { surveysByRelevance } from '#app/features/surveys/survey-order.ts';
import { surveyScoreLines } from '#app/features/surveys/survey-scores.ts';
import { SURVEY_STATUS_LABELS } from '#app/features/surveys/survey-status.ts';

// Loads when first opened (DESIGN §7).
const SurveyResponseDialog = lazy(async () => ({
  default: (await import('./survey-response-dialog')).SurveyResponseDialog,
}));

const surveyDate = (value: string | null) => formatDate(value, DATE_FORMATS.surveySchedule);

const COLUMNS: readonly DataTableColumn<SurveyResponse>[] = [
  {
    id: 'title',
    header: 'Title',
    cell: (survey) => survey.title,
    sx: { fontWeight: 600 },
    stacked: 'title',
  },
  {
    id: 'description',
    header: 'Description',
    cell: (survey) => truncateWords(survey.description, SUMMARY_WORD_LIMIT) || '-',
    stacked: 'full',
  },
  {
    id: 'date',
    header: 'Date',
    cell: (survey) => surveyDate(survey.target_date),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'submitted',
    header: 'Submitted Date',
    cell: (survey) => surveyDate(survey.submitted_at),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'score',
    header: 'Score',
    cell: (survey) => {
      const lines = surveyScoreLines(survey);
      return lines.length === 0 ? '-' : lines.map((line) => <div key={line}>{line}</div>);
    },
  },
  {
    id: 'status',
    header: 'Status',
    cell: (survey) => SURVEY_STATUS_LABELS[survey.survey_status],
    sx: { whiteSpace: 'nowrap' },
  },
];

type ParticipantSurveysCardProps = { participantId: number; firstName: string };

/**
 * Spec §2 'Surveys table on the profile': shown only when the participant has surveys; the
 * answered ones first, then what is due (survey-order.ts).
 */
export function ParticipantSurveysCard({ participantId, firstName }: ParticipantSurveysCardProps) {
  const surveys = useSurveyResponses(participantId);
  const [open, setOpen] = useState<SurveyResponse | null>(null);
  const rows = useMemo(() => surveysByRelevance(surveys.data ?? []), [surveys.data]);
  if (rows.length === 0) return null;
  const title = `${firstName} surveys`;
  return (
    <SectionCard title={title}>
      <DataTable
        label={title}
        columns={COLUMNS}
        rows={rows}
        getRowId={(survey) => survey.id}
        onRowClick={setOpen}
        preview={DETAILS_PREVIEW_ROWS}
        size="small"
      />
      <LoadWhenOpened open={open !== null}>
        <SurveyResponseDialog survey={open} onClose={() => setOpen(null)} />
      </LoadWhenOpened>
    </SectionCard>
  );
}
