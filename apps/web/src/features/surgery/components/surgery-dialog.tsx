import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  SURGERY_DATE_MIN,
  SURGERY_PROCEDURE_LABELS,
  SURGERY_PROCEDURES,
  SURGERY_SIDE_LABELS,
  SURGERY_SIDES,
  latestSurgeryDate,
  surgeryFieldsSchema,
} from '@recovery-portal/contract/surgery';
import type { Surgery, SurgeryFields } from '@recovery-portal/contract/surgery';
import { FormSelect } from '#app/components/form/form-select.tsx';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { toApiDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useAddSurgery } from '#app/features/surgery/api/add-surgery.ts';
import { useUpdateSurgery } from '#app/features/surgery/api/update-surgery.ts';

type SurgeryValues = z.output<typeof surgeryFieldsSchema>;

export type SurgeryDialogProps = {
  open: boolean;
  participantId: number;
  /** The surgery to edit; null adds a new one. */
  surgery: Surgery | null;
  onClose: () => void;
};

/** Add surgery / Edit surgery: procedure, side, date, surgeon, hospital and notes. */
export function SurgeryDialog({ open, participantId, surgery, onClose }: SurgeryDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={560}>
      {/* Unmounted once closed, so each opening starts from the saved values. */}
      {open ? (
        <SurgeryForm participantId={participantId} surgery={surgery} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

const FIELD_NAMES = [
  'procedure',
  'side',
  'surgery_date',
  'surgeon',
  'hospital',
  'notes',
] as const satisfies readonly (keyof SurgeryFields)[];

function SurgeryForm({ participantId, surgery, onClose }: Omit<SurgeryDialogProps, 'open'>) {
  const notify = useNotify();
  const add = useAddSurgery();
  const update = useUpdateSurgery();
  const pending = add.isPending || update.isPending;
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid },
  } = useForm<SurgeryFields, unknown, SurgeryValues>({
    resolver: zodResolver(surgeryFieldsSchema),
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
    defaultValues: surgery
      ? {
          procedure: surgery.procedure,
          side: surgery.side,
          surgery_date: surgery.surgery_date,
          surgeon: surgery.surgeon,
          hospital: surgery.hospital,
          notes: surgery.notes ?? '',
        }
      : {
          procedure: 'TOTAL_KNEE_REPLACEMENT',
          side: 'LEFT',
          surgery_date: toApiDate(),
          surgeon: '',
          hospital: '',
          notes: '',
        },
  });

  const onError = (failure: unknown) => {
    if (!applyServerFieldErrors(failure, setError, FIELD_NAMES)) {
      notify.error(errorMessage(failure));
    }
  };
  const onValid = (values: SurgeryValues) => {
    const onSuccess = ({ message }: { message: string }) => {
      notify.success(message, 'snackbar');
      onClose();
    };
    if (surgery) {
      update.mutate({ ...values, id: surgery.id, user_id: participantId }, { onSuccess, onError });
    } else {
      add.mutate({ ...values, user_id: participantId }, { onSuccess, onError });
    }
  };

  return (
    <DialogForm
      title={surgery ? 'Edit surgery' : 'Add surgery'}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={pending}
      submitDisabled={!isValid}
      contentProps={{ sx: { pt: '8px !important', display: 'grid', gap: 2 } }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr' } }}>
        <FormSelect
          control={control}
          name="procedure"
          label="Procedure"
          options={SURGERY_PROCEDURES.map((value) => ({
            value,
            label: SURGERY_PROCEDURE_LABELS[value],
          }))}
        />
        <FormSelect
          control={control}
          name="side"
          label="Side"
          options={SURGERY_SIDES.map((value) => ({ value, label: SURGERY_SIDE_LABELS[value] }))}
        />
      </Box>
      <FormTextField
        control={control}
        name="surgery_date"
        label="Surgery date"
        type="date"
        required
        helperText={`Between ${SURGERY_DATE_MIN} and ${latestSurgeryDate()}.`}
      />
      <FormTextField control={control} name="surgeon" label="Surgeon" required />
      <FormTextField control={control} name="hospital" label="Hospital" required />
      <FormTextField control={control} name="notes" label="Notes" />
    </DialogForm>
  );
}
