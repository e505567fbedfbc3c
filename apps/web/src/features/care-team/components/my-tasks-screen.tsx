import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { participantDetailsPath } from '@recovery-portal/contract/paths';
import { TASK_MESSAGES } from '@recovery-portal/contract/tasks';
import type { Task } from '@recovery-portal/contract/tasks';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ParticipantIdentifiers } from '#app/components/ui/participant-identity.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { toApiDate } from '#app/lib/format.ts';
import { useMyTasks } from '#app/features/care-team/api/tasks.ts';
import { identifiersOf } from './task-participant';
import { TaskDue } from './task-due';
import { TaskActions } from './task-actions';
import { TaskTitle } from './task-title';

/**
 * My tasks (ADR 0018): the signed-in clinician's open follow-up tasks, earliest due first, the
 * overdue ones marked by this browser's local date. A row opens the participant.
 */
export function MyTasksScreen() {
  const navigate = useNavigate();
  const today = toApiDate();
  const tasks = useMyTasks(today);
  const rows = tasks.data?.tasks ?? [];
  const overdue = tasks.data?.overdue ?? 0;

  const columns: DataTableColumn<Task>[] = [
    { id: 'due', header: 'Due', cell: (task) => <TaskDue task={task} today={today} /> },
    {
      id: 'participant',
      header: 'Participant',
      cell: (task) => (
        <>
          {task.participant_name}
          <ParticipantIdentifiers participant={identifiersOf(task)} />
        </>
      ),
      sx: { whiteSpace: 'nowrap', fontWeight: 600 },
      stacked: 'title',
    },
    {
      id: 'title',
      header: 'Task',
      cell: (task) => <TaskTitle task={task} />,
      sx: { minWidth: 220 },
      stacked: 'full',
    },
    {
      id: 'created',
      header: 'Created by',
      cell: (task) => task.created_by?.name ?? '-',
    },
    {
      id: 'actions',
      header: 'Actions',
      stopRowClick: true,
      stacked: 'bare',
      cell: (task) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TaskActions task={task} />
          <Button
            size="small"
            component={RouterLink}
            to={participantDetailsPath(task.participant_id)}
            aria-label={`View participant: ${task.participant_name}`}
          >
            View participant
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 2 }}>
        <Box sx={{ flexGrow: 1, '& h1': { mb: 0 } }}>
          <PageHeading title="My tasks" />
        </Box>
        {tasks.isSuccess && (
          <Typography color={overdue > 0 ? 'error' : 'text.secondary'} role="status">
            {rows.length === 1 ? '1 open task' : `${rows.length} open tasks`}
            {overdue > 0 ? ` · ${overdue} overdue` : ''}
          </Typography>
        )}
      </Box>
      <DataTable<Task>
        label="My open tasks"
        columns={columns}
        rows={rows}
        getRowId={(task) => task.id}
        loading={tasks.isPending}
        fetching={tasks.isFetching}
        error={
          tasks.isError
            ? { message: TASK_MESSAGES.listError, onRetry: () => tasks.refetch() }
            : null
        }
        emptyText="No open tasks"
        onRowClick={(task) => void navigate(participantDetailsPath(task.participant_id))}
        size="small"
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
    </>
  );
}
