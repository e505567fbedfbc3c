import { useId } from 'react';
import { Box, DialogContent, Typography, alpha } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { SurveyContentItem, SurveyResponse } from '@recovery-portal/contract/survey-responses';
import { ViewDialog, ViewDialogTitle } from '#app/components/ui/view-dialog.tsx';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';
import { surveyScoreLines } from '#app/features/surveys/survey-scores.ts';
import { SURVEY_STATUS_LABELS } from '#app/features/surveys/survey-status.ts';
import { useLastNonNull } from '#app/lib/use-last-non-null.ts';

type SurveyResponseDialogProps = {
  /** The survey to show; null closes the dialog. */
  survey: SurveyResponse | null;
  onClose: () => void;
};

/** Spec §2 'Surveys table on the profile': the 80vw dialog with the questions and answers. */
export function SurveyResponseDialog({ survey, onClose }: SurveyResponseDialogProps) {
  const titleId = useId();
  const shown = useLastNonNull(survey);
  return (
    <ViewDialog
      open={survey !== null}
      onClose={onClose}
      labelledBy={titleId}
      scroll="paper"
      paperSx={{ width: '80vw', maxWidth: '80vw' }}
    >
      {shown && (
        <>
          <ViewDialogTitle
            id={titleId}
            title={shown.title}
            subtitle={`${shown.timepoint_label} · ${
              shown.submitted_at
                ? `Submitted on ${formatDate(shown.submitted_at, DATE_FORMATS.surveySchedule)}`
                : SURVEY_STATUS_LABELS[shown.survey_status]
            }`}
          />
          <DialogContent dividers>
            <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{shown.description}</Typography>
            {surveyScoreLines(shown).map((line) => (
              <Typography key={line} sx={{ fontWeight: 600, mb: 1 }}>
                {line}
              </Typography>
            ))}
            {shown.content.length === 0 ? (
              <Typography color="text.secondary">No questions</Typography>
            ) : (
              <Box
                component="ol"
                aria-label="Questions"
                sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
              >
                {shown.content.map((item, index) => (
                  <Question key={index} item={item} />
                ))}
              </Box>
            )}
          </DialogContent>
        </>
      )}
    </ViewDialog>
  );
}

function Question({ item }: { item: SurveyContentItem }) {
  const questionId = useId();
  return (
    <Box component="li" sx={{ '&::marker': { fontWeight: 600 } }}>
      <Typography id={questionId} sx={{ fontWeight: 600, mb: 0.75 }}>
        {item.question}
      </Typography>
      {/* A read-only radio group: screen readers announce which option was chosen. */}
      <Box
        role="radiogroup"
        aria-labelledby={questionId}
        aria-readonly="true"
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
      >
        {item.options.map((option, optionIndex) => {
          const chosen = item.selected_option === optionIndex;
          return (
            <Box
              key={optionIndex}
              role="radio"
              aria-checked={chosen}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1.25,
                py: 0.75,
                borderRadius: 1,
                border: 1,
                borderColor: chosen ? 'primary.main' : 'divider',
                bgcolor: chosen
                  ? (theme) => alpha(theme.palette.primary.main, 0.12)
                  : 'transparent',
                fontWeight: chosen ? 700 : 400,
              }}
            >
              {chosen ? (
                <CheckCircle fontSize="small" color="primary" aria-hidden="true" />
              ) : (
                <RadioButtonUnchecked
                  fontSize="small"
                  sx={{ color: 'text.disabled' }}
                  aria-hidden="true"
                />
              )}
              <Typography component="span" variant="body2" sx={{ fontWeight: 'inherit' }}>
                {option}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {item.selected_option === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Not answered
        </Typography>
      )}
    </Box>
  );
}
