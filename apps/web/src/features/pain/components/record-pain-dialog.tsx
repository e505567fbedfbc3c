import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  PAIN_BODY_SITE_LABELS,
  PAIN_BODY_SITES,
  PAIN_MESSAGES,
  PAIN_SCORE_MAX,
  PAIN_SCORE_MIN,
  reportPainRequestSchema,
} from '@recovery-portal/contract/pain';
import { FormTextField } from '../../../components/form/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useReportPain } from '../api/report-pain';

const painFormSchema = reportPainRequestSchema.pick({ score: true, body_site: true, note: true });
type PainFormInput = z.input<typeof painFormSchema>;
type PainFormOutput = z.output<typeof painFormSchema>;

const SCORES = Array.from(
  { length: PAIN_SCORE_MAX - PAIN_SCORE_MIN + 1 },
  (_, index) => PAIN_SCORE_MIN + index,
);

export type RecordPainDialogProps = {
  open: boolean;
  participantId: number;
  onClose: () => void;
};

/** Record pain: a score from 0 to 10 now, with body site and an optional note. */
export function RecordPainDialog({ open, participantId, onClose }: RecordPainDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)' } } }}
    >
      {open ? (
        <RecordPainForm titleId={titleId} participantId={participantId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function RecordPainForm({
  titleId,
  participantId,
  onClose,
}: {
  titleId: string;
  participantId: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const report = useReportPain();
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useForm<PainFormInput, unknown, PainFormOutput>({
    resolver: zodResolver(painFormSchema),
    mode: 'onChange',
    // Nothing is preselected: the clinician picks the score and the site on purpose.
    defaultValues: { note: '' },
  });

  const onValid = (values: PainFormOutput) => {
    report.mutate(
      { user_id: participantId, ...values },
      {
        onSuccess: () => {
          notify.success(PAIN_MESSAGES.recorded, 'snackbar');
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error), 'snackbar'),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <DialogTitle id={titleId}>Record pain</DialogTitle>
      <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2 }}>
        <PainSelect
          control={control}
          name="score"
          label="Pain score (0–10)"
          options={SCORES.map((score) => ({
            value: score,
            label: score === 0 ? '0 (no pain)' : score === 10 ? '10 (worst pain)' : String(score),
          }))}
        />
        <PainSelect
          control={control}
          name="body_site"
          label="Body site"
          options={PAIN_BODY_SITES.map((site) => ({
            value: site,
            label: PAIN_BODY_SITE_LABELS[site],
          }))}
        />
        <FormTextField control={control} name="note" label="Note" />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={report.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid} loading={report.isPending}>
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}

type PainSelectProps = {
  control: Control<PainFormInput>;
  name: 'score' | 'body_site';
  label: string;
  options: { value: string | number; label: string }[];
};

function PainSelect({ control, name, label, options }: PainSelectProps) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.isTouched ? fieldState.error?.message : undefined;
  return (
    <FormControl fullWidth required error={error !== undefined}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select<string | number>
        labelId={`${id}-label`}
        label={label}
        name={field.name}
        value={field.value ?? ''}
        inputRef={field.ref}
        onChange={(event) =>
          field.onChange(name === 'score' ? Number(event.target.value) : event.target.value)
        }
        onBlur={field.onBlur}
        aria-describedby={error ? `${id}-helper` : undefined}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {error ? <FormHelperText id={`${id}-helper`}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
