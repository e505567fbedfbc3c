import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createTaskSchema,
  MAX_TASK_NOTE_LENGTH,
  MAX_TASK_TITLE_LENGTH,
  TASK_MESSAGES,
} from '@recovery-portal/contract/tasks';
import { CARE_TEAM_MESSAGES } from '@recovery-portal/contract/care-team';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { toApiDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useSession } from '#app/lib/session.ts';
import { useAssignableStaff } from '#app/features/care-team/api/get-assignable-staff.ts';
import { useCreateTask } from '#app/features/care-team/api/tasks.ts';

type FormInput = z.input<typeof createTaskSchema>;
type FormOutput = z.output<typeof createTaskSchema>;

export type CreateTaskDialogProps = {
  open: boolean;
  participantId: number;
  participantName: string;
  /** The flag the task follows up, when created from one. */
  flag?: { id: number; finding: string } | null;
  onClose: () => void;
};

/** New follow-up task: title, due date, assignee and an optional note (ADR 0018). */
export function CreateTaskDialog(props: CreateTaskDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} width={560}>
      {props.open ? <CreateTaskForm {...props} /> : null}
    </FormDialog>
  );
}

function CreateTaskForm({
  participantId,
  participantName,
  flag = null,
  onClose,
}: CreateTaskDialogProps) {
  const notify = useNotify();
  const { user } = useSession();
  const staff = useAssignableStaff();
  const create = useCreateTask();
  const assigneeId = useId();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createTaskSchema),
    mode: 'onTouched',
    defaultValues: {
      participant_id: participantId,
      flag_id: flag?.id ?? null,
      title: flag ? `Follow up: ${flag.finding}` : '',
      due_on: toApiDate(),
      ...(user ? { assignee_id: user.id } : {}),
      note: '',
    },
  });

  const onValid = (values: FormOutput) => {
    create.mutate(values, {
      onSuccess: () => {
        notify.success(TASK_MESSAGES.created, 'snackbar');
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <DialogForm
      title="New follow-up task"
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Create task"
      pending={create.isPending}
      submitDisabled={!staff.isSuccess}
      contentProps={{ sx: { display: 'grid', gap: 2, pt: '8px !important' } }}
    >
      <Typography variant="body2" color="text.secondary">
        For {participantName}
        {flag ? ` · from the ${flag.finding} flag` : ''}
      </Typography>
      <FormTextField
        control={control}
        name="title"
        label="Title"
        required
        autoFocus
        helperText={`At most ${MAX_TASK_TITLE_LENGTH} characters.`}
      />
      <FormTextField control={control} name="due_on" label="Due date" type="date" required />
      {staff.isError ? (
        <Typography color="error" role="alert">
          {CARE_TEAM_MESSAGES.staffLoadError}
        </Typography>
      ) : (
        <Controller
          control={control}
          name="assignee_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              id={assigneeId}
              label="Assignee"
              value={staff.isSuccess && typeof field.value === 'number' ? String(field.value) : ''}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              disabled={staff.isPending}
              fullWidth
            >
              {(staff.data ?? []).map((member) => (
                <MenuItem key={member.id} value={String(member.id)}>
                  {member.name}
                  {member.id === user?.id ? ' (me)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <FormTextField
        control={control}
        name="note"
        label="Note (optional)"
        multiline
        minRows={3}
        helperText={`At most ${MAX_TASK_NOTE_LENGTH} characters.`}
      />
    </DialogForm>
  );
}
