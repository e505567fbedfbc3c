import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { editParticipantFormSchema, PROFILE_MESSAGES } from '@recovery-portal/contract/profile';
import type {
  EditParticipantForm as EditValues,
  EditParticipantFormInput,
  ParticipantProfile,
  UpdateUserRequest,
} from '@recovery-portal/contract/profile';
import { PARTICIPANT_TYPES } from '@recovery-portal/contract/users';
import { FormSelect } from '#app/components/form/form-select.tsx';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { ParticipantBanner } from '#app/components/ui/participant-identity.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useUserGroups } from '#app/lib/api/user-groups.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useUpdateParticipant } from '#app/features/profile/api/update-participant.ts';
import { useUpdateParticipantType } from '#app/features/profile/api/update-participant-type.ts';

type EditParticipantDialogProps = {
  open: boolean;
  profile: ParticipantProfile;
  onClose: () => void;
};

const DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'birth_date',
  'group',
  'mrn',
] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/**
 * Edit Participant (spec §2 'Other dialogs', 500px), widened so that clinicians can correct
 * what identifies a participant: the type as the spec has it, and the name, email, phone, date
 * of birth, group and record number, each validated as at invitation.
 */
export function EditParticipantDialog({ open, profile, onClose }: EditParticipantDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={500}>
      {/* The content unmounts once closed, so every opening starts from the saved values. */}
      <EditParticipantForm profile={profile} onClose={onClose} />
    </FormDialog>
  );
}

/** The saved values as the form holds them: text, '' for what is not recorded. */
function savedValues(profile: ParticipantProfile): Required<EditParticipantFormInput> {
  return {
    user_type: profile.user_type,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.user_name,
    phone_number: profile.phone_number ?? '',
    birth_date: profile.birth_date ?? '',
    group: profile.group ?? '',
    mrn: profile.mrn ?? '',
  };
}

/** Only the details that differ from the saved ones travel ('' clears an optional one). */
function changedDetails(values: EditValues, saved: Required<EditParticipantFormInput>) {
  const same = (field: DetailField) =>
    field === 'email'
      ? values.email.toLowerCase() === saved.email.toLowerCase()
      : String(values[field]) === String(saved[field]);
  return Object.fromEntries(
    DETAIL_FIELDS.filter((field) => !same(field)).map((field) => [field, values[field]]),
  ) as Partial<Pick<UpdateUserRequest, DetailField>>;
}

function EditParticipantForm({
  profile,
  onClose,
}: {
  profile: ParticipantProfile;
  onClose: () => void;
}) {
  const notify = useNotify();
  const groups = useUserGroups();
  const updateType = useUpdateParticipantType();
  const updateDetails = useUpdateParticipant();
  const saved = savedValues(profile);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid, isDirty },
  } = useForm<EditParticipantFormInput, unknown, EditValues>({
    resolver: zodResolver(editParticipantFormSchema),
    mode: 'onTouched',
    defaultValues: saved,
  });
  const groupNames = (groups.data ?? []).map((group) => group.name);
  const groupOptions = (
    saved.group && !groupNames.includes(String(saved.group))
      ? [String(saved.group), ...groupNames]
      : groupNames
  ).map((name) => ({ value: name, label: name }));

  const onValid = async (values: EditValues) => {
    const details = changedDetails(values, saved);
    const typeChanged = values.user_type !== profile.user_type;
    try {
      // The details first: if the type call then fails, what was saved is already on screen.
      if (Object.keys(details).length > 0) {
        await updateDetails.mutateAsync({ id: profile.id, ...details });
      }
      if (typeChanged) {
        await updateType.mutateAsync({ user_id: profile.id, user_type: values.user_type });
      }
      notify.success(
        Object.keys(details).length === 0 && typeChanged
          ? MESSAGES.participants.typeUpdateSuccess
          : PROFILE_MESSAGES.updateSuccess,
        'snackbar',
      );
      onClose();
    } catch (failure) {
      applyServerFieldErrors(failure, setError, DETAIL_FIELDS);
      notify.error(errorMessage(failure));
    }
  };

  const pair = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 };

  // Save is disabled while invalid (spec §5) and while nothing has changed yet.
  return (
    <DialogForm
      title="Edit Participant"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Save"
      pending={updateType.isPending || updateDetails.isPending}
      submitDisabled={!isValid || !isDirty}
      contentProps={{ sx: { display: 'grid', gap: 2, pt: '8px !important' } }}
    >
      <ParticipantBanner participant={profile} />
      <FormSelect
        control={control}
        name="user_type"
        label="User Type"
        options={PARTICIPANT_TYPES.map((type) => ({ value: type, label: type }))}
      />
      <Box sx={pair}>
        <FormTextField control={control} name="first_name" label="First name" required />
        <FormTextField control={control} name="last_name" label="Last name" />
      </Box>
      <FormTextField control={control} name="email" label="Email Id" type="email" required />
      <FormTextField control={control} name="phone_number" label="Phone Number" type="tel" />
      <Box sx={pair}>
        <FormTextField control={control} name="birth_date" label="Date of birth" type="date" />
        <FormTextField control={control} name="mrn" label="Record number (MRN)" />
      </Box>
      <FormSelect control={control} name="group" label="User Group" options={groupOptions} />
    </DialogForm>
  );
}
