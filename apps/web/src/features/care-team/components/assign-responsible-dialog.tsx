import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import {
  assignChoiceSchema,
  CARE_TEAM_MESSAGES,
  NOBODY_CHOICE,
} from '@recovery-portal/contract/care-team';
import type { AssignChoice, CareTeamMember } from '@recovery-portal/contract/care-team';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useAssignResponsible } from '#app/features/care-team/api/assign-responsible.ts';
import { useAssignableStaff } from '#app/features/care-team/api/get-assignable-staff.ts';

/** Nothing chosen yet: the select shows its placeholder. */
const UNCHOSEN = '';

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

/**
 * Assign to…: makes a clinician or administrator responsible, or removes the assignment. It
 * opens on the current clinician of one participant, and on no choice at all for a selection,
 * so that Assign does nothing until someone is picked; Nobody is an explicit choice that asks
 * first, naming how many participants it affects.
 */
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
  const [confirmingClear, setConfirmingClear] = useState(false);
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useForm<AssignChoice>({
    resolver: zodResolver(assignChoiceSchema),
    mode: 'onChange',
    defaultValues: { choice: current ? String(current.id) : UNCHOSEN },
  });
  const count = participantIds.length;

  const save = (clinicianId: number | null) => {
    assign.mutate(
      { participant_ids: [...participantIds], clinician_id: clinicianId },
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
        onSettled: () => setConfirmingClear(false),
      },
    );
  };

  const onValid = ({ choice }: AssignChoice) => {
    if (choice === NOBODY_CHOICE) setConfirmingClear(true);
    else save(Number(choice));
  };

  return (
    <>
      <DialogForm
        title="Assign responsible clinician"
        onSubmit={handleSubmit(onValid)}
        onCancel={onClose}
        submitLabel="Assign"
        pending={assign.isPending}
        submitDisabled={!staff.isSuccess || !isValid}
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
            name="choice"
            render={({ field }) => (
              <TextField
                select
                id={selectId}
                label="Responsible clinician"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                helperText="Active clinicians and administrators, or Nobody to remove the assignment."
                disabled={staff.isPending}
                fullWidth
                // No choice yet shows as a prompt rather than an empty field.
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    displayEmpty: true,
                    renderValue: (value) =>
                      value === UNCHOSEN ? (
                        <Typography component="span" color="text.secondary">
                          Choose…
                        </Typography>
                      ) : value === NOBODY_CHOICE ? (
                        'Nobody'
                      ) : (
                        (staff.data?.find((member) => String(member.id) === value)?.name ??
                        current?.name ??
                        '')
                      ),
                  },
                }}
              >
                {(staff.data ?? []).map((member) => (
                  <MenuItem key={member.id} value={String(member.id)}>
                    {member.name}
                    {member.role === 'ADMINISTRATOR' ? ' (administrator)' : ''}
                  </MenuItem>
                ))}
                <MenuItem value={NOBODY_CHOICE}>
                  <em>Nobody (remove the assignment)</em>
                </MenuItem>
              </TextField>
            )}
          />
        )}
      </DialogForm>
      <ConfirmDialog
        open={confirmingClear}
        title={CARE_TEAM_MESSAGES.confirmClearTitle(count)}
        body={CARE_TEAM_MESSAGES.confirmClearBody}
        width={400}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        destructive
        pending={assign.isPending}
        onConfirm={() => save(null)}
        onCancel={() => setConfirmingClear(false)}
      />
    </>
  );
}
