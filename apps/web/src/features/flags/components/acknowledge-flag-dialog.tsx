import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  acknowledgeFlagRequestSchema,
  FLAG_MESSAGES,
  MAX_ACKNOWLEDGEMENT_NOTE_LENGTH,
} from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { FormTextField } from '../../../components/form/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, MEDIUM_DATE_TIME_FORMAT } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { useAcknowledgeFlag } from '../api/acknowledge-flag';
import { participantNameOf } from '../flag-link';
import { FlagSeverityChip } from './flag-severity-chip';

const noteFormSchema = acknowledgeFlagRequestSchema.pick({ note: true });
type NoteFormInput = z.input<typeof noteFormSchema>;
type NoteFormOutput = z.output<typeof noteFormSchema>;

export type AcknowledgeFlagDialogProps = {
  /** The flag to acknowledge; null closes the dialog. */
  flag: Flag | null;
  onClose: () => void;
};

/** Acknowledge a flag: what was found, and an optional note on what was done about it. */
export function AcknowledgeFlagDialog({ flag, onClose }: AcknowledgeFlagDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={flag !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)' } } }}
    >
      {flag ? (
        <AcknowledgeFlagForm key={flag.id} flag={flag} titleId={titleId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function AcknowledgeFlagForm({
  flag,
  titleId,
  onClose,
}: {
  flag: Flag;
  titleId: string;
  onClose: () => void;
}) {
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
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <DialogTitle id={titleId}>Acknowledge flag</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <FlagSeverityChip severity={flag.severity} />
          <Typography sx={{ fontWeight: 600 }}>
            {flag.finding} · {participantNameOf(flag)}
          </Typography>
        </Box>
        <Box
          component="blockquote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
        >
          <Typography variant="body2">{flag.matched_text}</Typography>
          <Typography variant="caption">
            Detected {formatDate(flag.detected_at, MEDIUM_DATE_TIME_FORMAT)}
          </Typography>
        </Box>
        <FormTextField
          control={control}
          name="note"
          label="Note (optional)"
          placeholder="What was done, e.g. called the participant"
          helperText={`At most ${MAX_ACKNOWLEDGEMENT_NOTE_LENGTH} characters.`}
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={acknowledge.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={acknowledge.isPending}>
          Acknowledge
        </Button>
      </DialogActions>
    </Box>
  );
}
