import { lazy, useState } from 'react';
import { Box, IconButton } from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { TASK_MESSAGES } from '@recovery-portal/contract/tasks';
import type { Task } from '@recovery-portal/contract/tasks';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { LazyConfirmDialog } from '#app/components/ui/lazy-confirm-dialog.tsx';
import { LazyTooltip } from '#app/components/ui/lazy-tooltip.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useDeleteTask } from '#app/features/care-team/api/tasks.ts';
import { TaskToggleButton } from './task-status';

// Loads when first opened (DESIGN §7).
const EditTaskDialog = lazy(async () => ({
  default: (await import('./create-task-dialog')).EditTaskDialog,
}));

/**
 * A task's actions: Mark done or Reopen, Edit (title, due date, note, or reassigning it) and
 * Delete after confirming; each named after the task for screen readers.
 */
export function TaskActions({ task }: { task: Task }) {
  const notify = useNotify();
  const remove = useDeleteTask();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <TaskToggleButton task={task} />
      <LazyTooltip title="Edit">
        <IconButton
          size="small"
          aria-label={`Edit task: ${task.title}`}
          onClick={() => setEditing(true)}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </LazyTooltip>
      <LazyTooltip title="Delete">
        <IconButton
          size="small"
          aria-label={`Delete task: ${task.title}`}
          onClick={() => setDeleting(true)}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </LazyTooltip>
      <LoadWhenOpened open={editing}>
        <EditTaskDialog task={editing ? task : null} onClose={() => setEditing(false)} />
      </LoadWhenOpened>
      <LazyConfirmDialog
        open={deleting}
        title={TASK_MESSAGES.confirmDeleteTitle}
        body={TASK_MESSAGES.confirmDeleteBody(task.title)}
        width={400}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(task.id, {
            onSuccess: () => notify.success(TASK_MESSAGES.deleted, 'snackbar'),
            onError: (error) => notify.error(errorMessage(error)),
            onSettled: () => setDeleting(false),
          })
        }
        onCancel={() => setDeleting(false)}
      />
    </Box>
  );
}
