import { FLAG_SOURCE_LABELS } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { FlagSeverityChip } from './flag-severity-chip';

/** The columns the Flags screen and a participant's flags section show alike. */
export const FLAG_COLUMNS = {
  severity: {
    id: 'severity',
    header: 'Severity',
    cell: (flag) => <FlagSeverityChip severity={flag.severity} />,
  },
  finding: { id: 'finding', header: 'Finding', cell: (flag) => flag.finding },
  detected: {
    id: 'detected',
    header: 'Detected',
    cell: (flag) => formatDateTime(flag.detected_at),
    sx: { whiteSpace: 'nowrap' },
  },
  source: { id: 'source', header: 'Source', cell: (flag) => FLAG_SOURCE_LABELS[flag.source] },
} satisfies Record<string, DataTableColumn<Flag>>;
