import { Box, Chip, Typography } from '@mui/material';
import { isTaskOverdue } from '@recovery-portal/contract/tasks';
import { formatDate, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';

/** A task's due day, marked Overdue while it is open and the day is before `today` (local). */
export function TaskDue({
  task,
  today,
}: {
  task: { due_on: string; done_at: string | null };
  today: string;
}) {
  const overdue = isTaskOverdue(task, today);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'nowrap', fontWeight: overdue ? 600 : undefined }}
      >
        {formatDate(task.due_on, MEDIUM_DATE_FORMAT)}
      </Typography>
      {overdue && <Chip size="small" color="error" label="Overdue" />}
      {!overdue && task.done_at === null && task.due_on === today && (
        <Chip size="small" color="warning" variant="outlined" label="Due today" />
      )}
    </Box>
  );
}
