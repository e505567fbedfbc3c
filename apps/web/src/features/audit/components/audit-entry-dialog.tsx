import { useId } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { auditActionLabel } from '@recovery-portal/contract/audit';
import type { AuditLogEntry } from '@recovery-portal/contract/audit';
import { formatDateTime } from '#app/lib/format.ts';
import { repeatText, subjectText } from './audit-text';

type AuditEntryDialogProps = {
  open: boolean;
  /** Kept set while the dialog animates closed. */
  entry: AuditLogEntry | null;
  onClose: () => void;
};

/** Every field of one row; the details JSON is shown as indented text, never as markup. */
export function AuditEntryDialog({ open, entry, onClose }: AuditEntryDialogProps) {
  const titleId = useId();
  const repeat = entry && repeatText(entry);
  const countField: [string, string][] = repeat ? [['Count', repeat]] : [];
  const fields: [string, string][] = entry
    ? [
        ['Time', formatDateTime(entry.created_at, { seconds: true })],
        ['Time (UTC)', entry.created_at],
        ['Actor', entry.actor_name ?? entry.actor_email ?? '-'],
        ['Actor ID', entry.actor_id === null ? '-' : String(entry.actor_id)],
        ['Action', `${auditActionLabel(entry.action)} (${entry.action})`],
        ...countField,
        ['Subject', subjectText(entry)],
        ['Client address', entry.client_address ?? '-'],
        ['Request ID', entry.request_id ?? '-'],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{entry ? `Audit entry ${entry.id}` : 'Audit entry'}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
            '& dt': { fontWeight: 700 },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {fields.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
          <dt>Details</dt>
          <dd>
            {entry?.details ? (
              <Box
                component="pre"
                sx={{
                  m: 0,
                  p: 1.5,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontSize: '0.8125rem',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  maxHeight: 360,
                  overflow: 'auto',
                }}
              >
                {JSON.stringify(entry.details, null, 2)}
              </Box>
            ) : (
              '-'
            )}
          </dd>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
