import { lazy, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { Task } from '@recovery-portal/contract/tasks';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable, DETAILS_PREVIEW_ROWS } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { toApiDate } from '#app/lib/format.ts';
import { useParticipantTasks } from '#app/features/care-team/api/tasks.ts';
import { TaskDue } from './task-due';
import { TaskActions } from './task-actions';
import { TaskStatus } from './task-status';
import { TaskTitle } from './task-title';

// Loads when first opened (DESIGN §7).
const CreateTaskDialog = lazy(async () => ({
  default: (await import('./create-task-dialog')).CreateTaskDialog,
}));

/**
 * The participant's follow-up tasks on their details: open ones by due date (overdue marked on
 * this browser's date), then done ones with who and when; New task, Mark done, Reopen, Edit
 * and Delete.
 */
export function ParticipantTasksSection({
  participantId,
  participantName,
}: {
  participantId: number;
  participantName: string;
}) {
  const tasks = useParticipantTasks(participantId);
  const [creating, setCreating] = useState(false);
  const today = toApiDate();
  const rows = tasks.data ?? [];
  const open = rows.filter((task) => task.done_at === null).length;

  const columns: DataTableColumn<Task>[] = [
    {
      id: 'title',
      header: 'Task',
      cell: (task) => <TaskTitle task={task} bold />,
      sx: { minWidth: 200 },
      stacked: 'title',
    },
    { id: 'due', header: 'Due', cell: (task) => <TaskDue task={task} today={today} /> },
    { id: 'assignee', header: 'Assignee', cell: (task) => task.assignee?.name ?? '-' },
    { id: 'status', header: 'Status', cell: (task) => <TaskStatus task={task} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (task) => <TaskActions task={task} />,
      stacked: 'bare',
    },
  ];

  return (
    <SectionCard
      title="Follow-up tasks"
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {tasks.isSuccess && (
            <Typography variant="body2" color="text.secondary">
              {open === 1 ? '1 open' : `${open} open`}
            </Typography>
          )}
          <Button size="small" variant="outlined" onClick={() => setCreating(true)}>
            New task
          </Button>
        </Box>
      }
    >
      {tasks.isError ? (
        <Alert severity="error">Could not load the tasks: {errorMessage(tasks.error)}</Alert>
      ) : (
        <DataTable<Task>
          label="Follow-up tasks"
          columns={columns}
          rows={rows}
          getRowId={(task) => task.id}
          loading={tasks.isPending}
          fetching={tasks.isFetching}
          emptyText="No tasks yet"
          preview={DETAILS_PREVIEW_ROWS}
          size="small"
        />
      )}
      <LoadWhenOpened open={creating}>
        <CreateTaskDialog
          open={creating}
          participantId={participantId}
          participantName={participantName}
          onClose={() => setCreating(false)}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}
