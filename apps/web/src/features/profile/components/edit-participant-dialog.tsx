import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useController, useForm } from 'react-hook-form';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { updateParticipantTypeSchema } from '@recovery-portal/contract/participants';
import type { UpdateParticipantType } from '@recovery-portal/contract/participants';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { PARTICIPANT_TYPES } from '@recovery-portal/contract/users';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useUpdateParticipantType } from '#app/features/profile/api/update-participant-type.ts';

type EditParticipantDialogProps = {
  open: boolean;
  profile: ParticipantProfile;
  onClose: () => void;
};

/** Edit Participant (spec §2 'Other dialogs', §5): the participant type, 500px wide. */
export function EditParticipantDialog({ open, profile, onClose }: EditParticipantDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={500}>
      {/* The content unmounts once closed, so every opening starts from the saved type. */}
      <EditParticipantForm profile={profile} onClose={onClose} />
    </FormDialog>
  );
}

type EditFormValues = UpdateParticipantType;

function EditParticipantForm({
  profile,
  onClose,
}: {
  profile: ParticipantProfile;
  onClose: () => void;
}) {
  const notify = useNotify();
  const update = useUpdateParticipantType();
  const selectId = useId();
  const {
    control,
    handleSubmit,
    formState: { isValid, isDirty },
  } = useForm<EditFormValues, unknown, UpdateParticipantType>({
    resolver: zodResolver(updateParticipantTypeSchema),
    mode: 'onChange',
    defaultValues: { user_id: profile.id, user_type: profile.user_type },
  });
  const { field, fieldState } = useController({ control, name: 'user_type' });
  const error = fieldState.error?.message;

  const onValid = (values: UpdateParticipantType) => {
    update.mutate(values, {
      onSuccess: () => {
        notify.success(MESSAGES.participants.typeUpdateSuccess, 'snackbar');
        onClose();
      },
      onError: (failure) => notify.error(errorMessage(failure)),
    });
  };

  // Save is disabled while invalid (spec §5) and while nothing has changed yet.
  return (
    <DialogForm
      title="Edit Participant"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={update.isPending}
      submitDisabled={!isValid || !isDirty}
      contentProps={{ sx: { pt: '8px !important' } }}
    >
      <FormControl fullWidth required error={error !== undefined}>
        <InputLabel id={`${selectId}-label`}>User Type</InputLabel>
        <Select
          labelId={`${selectId}-label`}
          label="User Type"
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-describedby={error ? `${selectId}-helper` : undefined}
        >
          {PARTICIPANT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </Select>
        {error ? <FormHelperText id={`${selectId}-helper`}>{error}</FormHelperText> : null}
      </FormControl>
    </DialogForm>
  );
}
