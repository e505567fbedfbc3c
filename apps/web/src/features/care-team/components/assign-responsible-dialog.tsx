import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { assignResponsibleSchema, CARE_TEAM_MESSAGES } from '@recovery-portal/contract/care-team';
import type { CareTeamMember } from '@recovery-portal/contract/care-team';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useAssignResponsible } from '#app/features/care-team/api/assign-responsible.ts';
import { useAssignableStaff } from '#app/features/care-team/api/get-assignable-staff.ts';

const formSchema = assignResponsibleSchema.pick({ clinician_id: true });
type FormValues = z.infer<typeof formSchema>;
/** How "nobody" travels through the select, whose values are text. */
const NOBODY = '';

export type AssignResponsibleDialogProps = {
  open: boolean;
  /** The participants to assign: one from the details page, the selection from the list. */
  participantIds: readonly number[];
  /** Who is responsible now, when it is one participant. */
  current?: CareTeamMember | null;
  onClose: () => void;
  /** After a successful assignment (the list clears its selection). */
  onAssigned?: () => void;
};

/** Assign to…: makes a clinician or administrator responsible, or removes the assignment. */
export function AssignResponsibleDialog(props: AssignResponsibleDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} width={480}>
      {props.open ? <AssignForm {...props} /> : null}
    </FormDialog>
  );
}

function AssignForm({
  participantIds,
  current = null,
  onClose,
  onAssigned,
}: AssignResponsibleDialogProps) {
  const notify = useNotify();
  const staff = useAssignableStaff();
  const assign = useAssignResponsible();
  const selectId = useId();
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { clinician_id: current?.id ?? null },
  });
  const count = participantIds.length;

  const onValid = ({ clinician_id }: FormValues) => {
    assign.mutate(
      { participant_ids: [...participantIds], clinician_id },
      {
        onSuccess: (result) => {
          notify.success(
            CARE_TEAM_MESSAGES.assigned(
              result.participant_ids.length,
              result.responsible?.name ?? null,
            ),
            'snackbar',
          );
          onAssigned?.();
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <DialogForm
      title="Assign responsible clinician"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Assign"
      pending={assign.isPending}
      submitDisabled={!staff.isSuccess}
      contentProps={{ sx: { display: 'grid', gap: 2 } }}
    >
      <Typography variant="body2" color="text.secondary">
        {count === 1 ? 'For this participant.' : `For the ${count} selected participants.`}
      </Typography>
      {staff.isError ? (
        <Typography color="error" role="alert">
          {CARE_TEAM_MESSAGES.staffLoadError}
        </Typography>
      ) : (
        <Controller
          control={control}
          name="clinician_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              id={selectId}
              label="Responsible clinician"
              value={field.value === null ? NOBODY : String(field.value)}
              onChange={(event) =>
                field.onChange(event.target.value === NOBODY ? null : Number(event.target.value))
              }
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? 'Active clinicians and administrators.'}
              disabled={staff.isPending}
              fullWidth
              // "Nobody" is a choice with an empty value: show it rather than an empty field.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value={NOBODY}>
                <em>Nobody</em>
              </MenuItem>
              {(staff.data ?? []).map((member) => (
                <MenuItem key={member.id} value={String(member.id)}>
                  {member.name}
                  {member.role === 'ADMINISTRATOR' ? ' (administrator)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </DialogForm>
  );
}
