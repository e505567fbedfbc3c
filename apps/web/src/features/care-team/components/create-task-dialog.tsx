import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  createTaskSchema,
  MAX_TASK_NOTE_LENGTH,
  MAX_TASK_TITLE_LENGTH,
  TASK_MESSAGES,
} from '@recovery-portal/contract/tasks';
import type { Task, UpdateTaskInput } from '@recovery-portal/contract/tasks';
import { CARE_TEAM_MESSAGES } from '@recovery-portal/contract/care-team';
import { withIdentifiers } from '@recovery-portal/contract/participant-identity';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DialogForm, FormDialog } from '#app/components/ui/form-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate, MEDIUM_DATE_FORMAT, toApiDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useSession } from '#app/lib/session.ts';
import { useAssignableStaff } from '#app/features/care-team/api/get-assignable-staff.ts';
import { useCreateTask, useUpdateTask } from '#app/features/care-team/api/tasks.ts';
import { identifiersOf } from './task-participant';

type FormInput = z.input<typeof createTaskSchema>;
type FormOutput = z.output<typeof createTaskSchema>;

export type CreateTaskDialogProps = {
  open: boolean;
  participantId: number;
  /** Whom the task is for; the details page adds the birth date and record number. */
  participantName: string;
  /** The flag the task follows up, when created from one. */
  flag?: { id: number; finding: string } | null;
  onClose: () => void;
};

/** New follow-up task: title, due date, assignee and an optional note (ADR 0018). */
export function CreateTaskDialog(props: CreateTaskDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} width={560}>
      {props.open ? <TaskForm {...props} task={null} /> : null}
    </FormDialog>
  );
}

/** Edit a task: its title, due date, assignee (reassigning it) or note. */
export function EditTaskDialog({
  task,
  onClose,
}: {
  /** The task to edit; null closes the dialog. */
  task: Task | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={task !== null} onClose={onClose} width={560}>
      {task ? (
        <TaskForm
          open
          task={task}
          participantId={task.participant_id}
          participantName={withIdentifiers(task.participant_name, identifiersOf(task))}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

/** What an edit sends: only the fields that changed ('' clears the note). */
function changesOf(task: Task, values: FormOutput): UpdateTaskInput {
  return {
    ...(values.title !== task.title ? { title: values.title } : {}),
    ...(values.due_on !== task.due_on ? { due_on: values.due_on } : {}),
    ...(values.assignee_id !== task.assignee?.id ? { assignee_id: values.assignee_id } : {}),
    ...(values.note !== task.note ? { note: values.note ?? '' } : {}),
  };
}

function TaskForm({
  participantId,
  participantName,
  flag = null,
  task,
  onClose,
}: CreateTaskDialogProps & { task: Task | null }) {
  const notify = useNotify();
  const { user } = useSession();
  const staff = useAssignableStaff();
  const create = useCreateTask();
  const update = useUpdateTask();
  const assigneeId = useId();
  const today = toApiDate();
  // Values waiting for "Save with a due date in the past?" to be answered.
  const [pastDue, setPastDue] = useState<FormOutput | null>(null);
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createTaskSchema),
    mode: 'onTouched',
    defaultValues: task
      ? {
          participant_id: task.participant_id,
          flag_id: task.flag_id,
          title: task.title,
          due_on: task.due_on,
          ...(task.assignee ? { assignee_id: task.assignee.id } : {}),
          note: task.note ?? '',
        }
      : {
          participant_id: participantId,
          flag_id: flag?.id ?? null,
          title: flag ? `Follow up: ${flag.finding}` : '',
          due_on: today,
          ...(user ? { assignee_id: user.id } : {}),
          note: '',
        },
  });

  const save = (values: FormOutput) => {
    const done = {
      onSuccess: () => {
        notify.success(task ? TASK_MESSAGES.updated : TASK_MESSAGES.created, 'snackbar');
        onClose();
      },
      onError: (error: unknown) => notify.error(errorMessage(error)),
      onSettled: () => setPastDue(null),
    };
    if (!task) {
      create.mutate(values, done);
      return;
    }
    const changes = changesOf(task, values);
    if (Object.keys(changes).length === 0) onClose();
    else update.mutate({ id: task.id, ...changes }, done);
  };

  // A due date before today makes the task overdue at once: ask first (an unchanged one of an
  // overdue task being edited was asked about when it was set).
  const onValid = (values: FormOutput) => {
    const dueChanged = task === null || values.due_on !== task.due_on;
    if (dueChanged && values.due_on < today) setPastDue(values);
    else save(values);
  };

  const pending = create.isPending || update.isPending;
  return (
    <>
      <DialogForm
        title={task ? 'Edit follow-up task' : 'New follow-up task'}
        onSubmit={handleSubmit(onValid)}
        onCancel={onClose}
        submitLabel={task ? 'Save' : 'Create task'}
        pending={pending}
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
                value={
                  staff.isSuccess && typeof field.value === 'number' ? String(field.value) : ''
                }
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
      <ConfirmDialog
        open={pastDue !== null}
        title={TASK_MESSAGES.pastDueTitle}
        body={TASK_MESSAGES.pastDueBody(
          formatDate(pastDue?.due_on, MEDIUM_DATE_FORMAT),
          formatDate(today, MEDIUM_DATE_FORMAT),
        )}
        width={400}
        confirmLabel="Save anyway"
        cancelLabel="Change the date"
        pending={pending}
        onConfirm={() => {
          if (pastDue) save(pastDue);
        }}
        onCancel={() => setPastDue(null)}
      />
    </>
  );
}
