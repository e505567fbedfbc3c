import { Button, Typography } from '@mui/material';
import { TASK_MESSAGES } from '@recovery-portal/contract/tasks';
import type { Task } from '@recovery-portal/contract/tasks';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useCompleteTask, useReopenTask } from '#app/features/care-team/api/tasks.ts';

/** "Open", or "Done by … on …" with who and when. */
export function TaskStatus({ task }: { task: Task }) {
  if (task.done_at === null) {
    return (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Open
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      Done{task.done_by ? ` by ${task.done_by.name}` : ''} on {formatDateTime(task.done_at)}
    </Typography>
  );
}

/** Mark done (an open task) or Reopen (a done one), named after the task for screen readers. */
export function TaskToggleButton({ task }: { task: Task }) {
  const notify = useNotify();
  const complete = useCompleteTask();
  const reopen = useReopenTask();
  const open = task.done_at === null;
  const mutation = open ? complete : reopen;
  return (
    <Button
      size="small"
      variant={open ? 'contained' : 'text'}
      loading={mutation.isPending}
      aria-label={`${open ? 'Mark done' : 'Reopen'}: ${task.title}`}
      onClick={() =>
        mutation.mutate(task.id, {
          onSuccess: () =>
            notify.success(open ? TASK_MESSAGES.done : TASK_MESSAGES.reopened, 'snackbar'),
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    >
      {open ? 'Mark done' : 'Reopen'}
    </Button>
  );
}
