import { useEffect, useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  DEFAULT_INTERNAL_GROUP,
  inviteParticipantSchema,
} from '@recovery-portal/contract/participants';
import type {
  InviteParticipant,
  InviteParticipantInput,
} from '@recovery-portal/contract/participants';
import { PARTICIPANT_TYPES, participantTypeSchema } from '@recovery-portal/contract/users';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useUserGroups } from '#app/lib/api/user-groups.ts';
import { useInviteParticipant } from '#app/features/participants/api/invite-participant.ts';

type InviteFormValues = InviteParticipantInput;

const FIELD_NAMES = ['email', 'name', 'type', 'group', 'phone_number', 'mrn'] as const;

/** Spec §5: Internal participants start in group CZ; any other type must pick a group. */
export function defaultGroupFor(type: ParticipantType): string {
  return type === 'Internal' ? DEFAULT_INTERNAL_GROUP : '';
}

export type InviteParticipantDialogProps = {
  open: boolean;
  /** The participant-type tab; the form's User Type starts on it. */
  defaultType: ParticipantType;
  onClose: () => void;
};

/** Invite New Participant (spec §2, §5), 500px wide. */
export function InviteParticipantDialog({
  open,
  defaultType,
  onClose,
}: InviteParticipantDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} width={500}>
      {/* The dialog unmounts its content once closed, so every opening starts afresh. */}
      <InviteForm defaultType={defaultType} onClose={onClose} />
    </FormDialog>
  );
}

function InviteForm({
  defaultType,
  onClose,
}: {
  defaultType: ParticipantType;
  onClose: () => void;
}) {
  const notify = useNotify();
  const groups = useUserGroups();
  const invite = useInviteParticipant();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isValid },
  } = useForm<InviteFormValues, unknown, InviteParticipant>({
    resolver: zodResolver(inviteParticipantSchema),
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
    defaultValues: {
      type: defaultType,
      group: defaultGroupFor(defaultType),
      name: '',
      email: '',
      phone_number: '',
      mrn: '',
    },
  });

  useEffect(() => {
    if (groups.isError) notify.error(errorMessage(groups.error));
  }, [groups.isError, groups.error, notify]);

  const groupNames = (groups.data ?? []).map((group) => group.name);

  const onValid = (values: InviteParticipant) => {
    invite.mutate(
      { ...values, phone_number: values.phone_number || null, mrn: values.mrn || null },
      {
        onSuccess: () => {
          notify.success(MESSAGES.participants.inviteSuccess, 'snackbar');
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELD_NAMES);
          notify.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <DialogForm
      title="Invite New Participant"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Send Invitation"
      pending={invite.isPending}
      submitDisabled={!isValid}
      contentProps={{
        sx: { display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' },
      }}
    >
      <SelectField
        control={control}
        name="type"
        label="User Type"
        options={PARTICIPANT_TYPES}
        onChange={(value) => {
          const type = participantTypeSchema.safeParse(value);
          // A type switch moves the group to that type's default (spec §5), and says so at
          // once when that default is 'none chosen yet'.
          setValue('group', type.success ? defaultGroupFor(type.data) : '', {
            shouldValidate: true,
            shouldTouch: true,
          });
        }}
      />
      <SelectField
        control={control}
        name="group"
        label="User Group"
        options={groupNames}
        loading={groups.isPending}
      />
      <FormTextField
        control={control}
        name="name"
        label="Name"
        placeholder="Enter name"
        autoComplete="off"
        required
      />
      <FormTextField
        control={control}
        name="email"
        label="Email Id"
        placeholder="Enter email id"
        type="email"
        autoComplete="off"
        required
      />
      <FormTextField
        control={control}
        name="phone_number"
        label="Phone Number"
        placeholder="Enter phone number (optional)"
        type="tel"
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="mrn"
        label="Record number (MRN)"
        placeholder="The clinic's record number (optional)"
        autoComplete="off"
      />
    </DialogForm>
  );
}

/** A required select bound to the form; its message shows once the user has left it. */
function SelectField({
  control,
  name,
  label,
  options,
  loading = false,
  onChange,
}: {
  control: Control<InviteFormValues>;
  name: 'type' | 'group';
  label: string;
  options: readonly string[];
  loading?: boolean;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  // While the groups load (or if CZ is missing), keep the chosen value selectable.
  const choices = value !== '' && !options.includes(value) ? [value, ...options] : options;
  const showError = fieldState.error !== undefined && fieldState.isTouched;

  return (
    <FormControl fullWidth required error={showError}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        name={field.name}
        value={value}
        inputRef={field.ref}
        onChange={(event) => {
          field.onChange(event.target.value);
          onChange?.(event.target.value);
        }}
        onClose={field.onBlur}
        onBlur={field.onBlur}
        aria-describedby={showError || loading ? helperId : undefined}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </Select>
      {showError ? (
        <FormHelperText id={helperId}>{fieldState.error?.message}</FormHelperText>
      ) : loading ? (
        <FormHelperText id={helperId}>Loading groups...</FormHelperText>
      ) : null}
    </FormControl>
  );
}
