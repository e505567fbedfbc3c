import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, DialogContentText } from '@mui/material';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  clinicianDisplayName,
  createClinicianRequestSchema,
} from '@recovery-portal/contract/clinicians';
import type { Clinician, CreateClinicianRequest } from '@recovery-portal/contract/clinicians';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useCreateClinician } from '#app/features/clinicians/api/create-clinician.ts';
import { useUpdateClinician } from '#app/features/clinicians/api/update-clinician.ts';

type ClinicianFormValues = CreateClinicianRequest;

/**
 * Edit validates the name as Add does (spec §5); email and Reg Id are shown read-only and are
 * not sent, so they are only carried along (an older account may lack a Reg Id).
 */
const editClinicianFormSchema = z.extend(createClinicianRequestSchema, {
  email: z.string(),
  dea_reg_id: z.string(),
});

const FIELD_NAMES = ['name', 'email', 'dea_reg_id'] as const;

export type ClinicianDialogProps = {
  open: boolean;
  /** The clinician to edit; null adds a new one. */
  clinician: Clinician | null;
  onClose: () => void;
};

/** Add clinician / Edit clinician (spec §5), 600px wide. */
export function ClinicianDialog({ open, clinician, onClose }: ClinicianDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={600}>
      {/* The dialog unmounts its content once closed, so every opening starts afresh. */}
      <ClinicianForm key={clinician?.id ?? 'new'} clinician={clinician} onClose={onClose} />
    </FormDialog>
  );
}

function ClinicianForm({
  clinician,
  onClose,
}: {
  clinician: Clinician | null;
  onClose: () => void;
}) {
  const notify = useNotify();
  const createMutation = useCreateClinician();
  const updateMutation = useUpdateClinician();
  const editing = clinician !== null;
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid },
  } = useForm<ClinicianFormValues>({
    resolver: editing
      ? zodResolver(editClinicianFormSchema)
      : zodResolver(createClinicianRequestSchema),
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
    defaultValues: clinician
      ? {
          name: clinicianDisplayName(clinician),
          email: clinician.email,
          dea_reg_id: clinician.dea_reg_id ?? '',
        }
      : { name: '', email: '', dea_reg_id: '' },
  });

  // The open dialog hides the page, snackbars included, from screen readers (aria-hidden), so
  // a failure is also announced inside the dialog.
  const [failure, setFailure] = useState<string | null>(null);
  const onFailure = (error: unknown) => {
    if (applyServerFieldErrors(error, setError, FIELD_NAMES)) return;
    const message = errorMessage(error);
    setFailure(message);
    notify.error(message);
  };

  const onValid = (values: ClinicianFormValues) => {
    setFailure(null);
    if (clinician) {
      updateMutation.mutate(
        { id: clinician.id, name: values.name },
        {
          onSuccess: () => {
            notify.success(MESSAGES.clinicians.updateSuccess, 'snackbar');
            onClose();
          },
          onError: onFailure,
        },
      );
    } else {
      createMutation.mutate(values, {
        onSuccess: () => {
          notify.success(MESSAGES.clinicians.addSuccess, 'snackbar');
          onClose();
        },
        onError: onFailure,
      });
    }
  };

  const pending = createMutation.isPending || updateMutation.isPending;

  return (
    <DialogForm
      title={editing ? 'Edit Clinician' : 'Add Clinician'}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={pending}
      submitDisabled={!isValid}
      contentProps={{
        sx: { display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' },
      }}
    >
      {!editing && (
        <DialogContentText variant="body2">
          The clinician is emailed a link to set their password.
        </DialogContentText>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormTextField
        control={control}
        name="name"
        label="Name"
        placeholder="Enter name"
        autoComplete="off"
        autoFocus
        required
      />
      <FormTextField
        control={control}
        name="email"
        label="Email ID"
        placeholder="Enter email id"
        type="email"
        autoComplete="off"
        required
        readOnly={editing}
        disabled={editing}
      />
      <FormTextField
        control={control}
        name="dea_reg_id"
        label="Reg Id"
        placeholder="Enter Reg Id"
        autoComplete="off"
        required
        readOnly={editing}
        disabled={editing}
      />
    </DialogForm>
  );
}
