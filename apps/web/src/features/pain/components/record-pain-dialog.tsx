import { zodResolver } from '@hookform/resolvers/zod';

import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  PAIN_BODY_SITE_LABELS,
  PAIN_BODY_SITES,
  PAIN_MESSAGES,
  PAIN_SCORE_MAX,
  PAIN_SCORE_MIN,
  reportPainRequestSchema,
} from '@recovery-portal/contract/pain';
import { FormSelect } from '#app/components/form/form-select.tsx';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useReportPain } from '#app/features/pain/api/report-pain.ts';

const painFormSchema = z.pick(reportPainRequestSchema, {
  score: true,
  body_site: true,
  note: true,
});
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
  return (
    <FormDialog open={open} onClose={onClose} width={480}>
      {open ? <RecordPainForm participantId={participantId} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function RecordPainForm({
  participantId,
  onClose,
}: {
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
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
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
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <DialogForm
      title="Record pain"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={report.isPending}
      submitDisabled={!isValid}
      contentProps={{ sx: { pt: '8px !important', display: 'grid', gap: 2 } }}
    >
      <FormSelect
        control={control}
        name="score"
        label="Pain score (0–10)"
        options={SCORES.map((score) => ({
          value: score,
          label: score === 0 ? '0 (no pain)' : score === 10 ? '10 (worst pain)' : String(score),
        }))}
      />
      <FormSelect
        control={control}
        name="body_site"
        label="Body site"
        options={PAIN_BODY_SITES.map((site) => ({
          value: site,
          label: PAIN_BODY_SITE_LABELS[site],
        }))}
      />
      <FormTextField control={control} name="note" label="Note" />
    </DialogForm>
  );
}
