import { Box, Typography } from '@mui/material';

/** A task's title with its note under it; `bold` where no other column names the row. */
export function TaskTitle({
  task,
  bold = false,
}: {
  task: { title: string; note: string | null };
  bold?: boolean;
}) {
  return (
    <Box>
      <Typography variant="body2" sx={bold ? { fontWeight: 600 } : undefined}>
        {task.title}
      </Typography>
      {task.note && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {task.note}
        </Typography>
      )}
    </Box>
  );
}
