import { Box, Typography } from '@mui/material';
import { FLAG_SOURCE_LABELS } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { FlagSeverityChip } from './flag-severity-chip';

/**
 * The finding, and under it where it came from and when: one column instead of three, so the
 * row's actions stay on a laptop screen.
 */
function Finding({ flag }: { flag: Flag }) {
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 150 }}>
      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
        {flag.finding}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {FLAG_SOURCE_LABELS[flag.source]}
        {' · '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(flag.detected_at)}
        </Box>
      </Typography>
    </Box>
  );
}

/** The columns the Flags screen and a participant's flags section show alike. */
export const FLAG_COLUMNS = {
  severity: {
    id: 'severity',
    header: 'Severity',
    cell: (flag) => <FlagSeverityChip severity={flag.severity} />,
  },
  finding: {
    id: 'finding',
    header: 'Finding',
    cell: (flag) => <Finding flag={flag} />,
  },
} satisfies Record<string, DataTableColumn<Flag>>;
