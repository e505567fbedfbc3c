import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  acknowledgeFlagRequestSchema,
  FLAG_MESSAGES,
  MAX_ACKNOWLEDGEMENT_NOTE_LENGTH,
} from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { ParticipantBanner } from '#app/components/ui/participant-identity.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useAcknowledgeFlag } from '#app/features/flags/api/acknowledge-flag.ts';
import { FlagSeverityChip } from './flag-severity-chip';

const noteFormSchema = z.pick(acknowledgeFlagRequestSchema, { note: true });
type NoteFormInput = z.input<typeof noteFormSchema>;
type NoteFormOutput = z.output<typeof noteFormSchema>;

export type AcknowledgeFlagDialogProps = {
  /** The flag to acknowledge; null closes the dialog. */
  flag: Flag | null;
  onClose: () => void;
};

/** Acknowledge a flag: what was found, and an optional note on what was done about it. */
export function AcknowledgeFlagDialog({ flag, onClose }: AcknowledgeFlagDialogProps) {
  return (
    <FormDialog open={flag !== null} onClose={onClose} width={520}>
      {flag ? <AcknowledgeFlagForm key={flag.id} flag={flag} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function AcknowledgeFlagForm({ flag, onClose }: { flag: Flag; onClose: () => void }) {
  const notify = useNotify();
  const acknowledge = useAcknowledgeFlag();
  const { control, handleSubmit } = useForm<NoteFormInput, unknown, NoteFormOutput>({
    resolver: zodResolver(noteFormSchema),
    mode: 'onChange',
    defaultValues: { note: '' },
  });

  const onValid = ({ note }: NoteFormOutput) => {
    acknowledge.mutate(
      { flag_id: flag.id, note },
      {
        onSuccess: () => {
          notify.success(FLAG_MESSAGES.acknowledged, 'snackbar');
          onClose();
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      title="Acknowledge flag"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Acknowledge"
      pending={acknowledge.isPending}
      contentProps={{ sx: { display: 'grid', gap: 2 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FlagSeverityChip severity={flag.severity} />
        <Typography sx={{ fontWeight: 600 }}>{flag.finding}</Typography>
      </Box>
      <ParticipantBanner participant={flag} />
      <Box
        component="blockquote"
        sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
      >
        <Typography variant="body2">{flag.matched_text}</Typography>
        <Typography variant="caption">Detected {formatDateTime(flag.detected_at)}</Typography>
      </Box>
      <FormTextField
        control={control}
        name="note"
        label="Note (optional)"
        placeholder="What was done, e.g. called the participant"
        helperText={`At most ${MAX_ACKNOWLEDGEMENT_NOTE_LENGTH} characters.`}
        autoFocus
      />
    </DialogForm>
  );
}
