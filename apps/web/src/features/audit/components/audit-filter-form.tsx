import { Box, Button, TextField } from '@mui/material';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_SUBJECT_TYPE_LABELS,
  AUDIT_SUBJECT_TYPES,
  auditActionLabel,
} from '@recovery-portal/contract/audit';
import type { AuditAction } from '@recovery-portal/contract/audit';
import { useFilterDraft } from '#app/lib/filter-draft.ts';
import { EMPTY_AUDIT_FILTERS } from '#app/features/audit/audit-log-state.ts';
import type { AuditLogFilters } from '#app/features/audit/audit-log-state.ts';

const GROUP_ORDER = [
  'Sign-in and account',
  'Administration',
  "Participants' data",
  'Other',
] as const;

function groupOf(action: AuditAction): (typeof GROUP_ORDER)[number] {
  if (action.startsWith('account.')) return 'Sign-in and account';
  if (/^(clinician|staff|audit)\./.test(action)) return 'Administration';
  if (action.startsWith('api.')) return 'Other';
  return "Participants' data";
}

/** The action select's options: by group, each group by label. */
const ACTION_GROUPS = GROUP_ORDER.map((label) => ({
  label,
  actions: AUDIT_ACTION_NAMES.filter((action) => groupOf(action) === label).sort((a, b) =>
    auditActionLabel(a).localeCompare(auditActionLabel(b)),
  ),
}));

type AuditFilterFormProps = {
  /** The applied filters; remount the form (a key) to follow them when they change. */
  filters: AuditLogFilters;
  onApply: (filters: AuditLogFilters) => void;
};

/** Actor, participant, action, subject and a date range; nothing changes until Apply (or Enter). */
export function AuditFilterForm({ filters, onApply }: AuditFilterFormProps) {
  const { draft, setDraft, set, rangeReversed } = useFilterDraft(filters, {
    from: 'from',
    to: 'to',
  });

  return (
    <Box
      component="form"
      role="search"
      aria-label="Audit log filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!rangeReversed) onApply(draft);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <TextField
        size="small"
        label="Actor"
        placeholder="Part of an email"
        value={draft.actor}
        onChange={set('actor')}
        slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <TextField
        size="small"
        label="Participant"
        placeholder="Id, email or name"
        value={draft.participant}
        onChange={set('participant')}
        slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <TextField
        select
        size="small"
        label="Action"
        value={draft.action}
        onChange={set('action')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      >
        <option value="">All actions</option>
        {ACTION_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </optgroup>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Subject"
        value={draft.subject_type}
        onChange={set('subject_type')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 180 } }}
      >
        <option value="">All subjects</option>
        {AUDIT_SUBJECT_TYPES.map((type) => (
          <option key={type} value={type}>
            {AUDIT_SUBJECT_TYPE_LABELS[type]}
          </option>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="From"
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 180 } }}
        value={draft.from}
        onChange={set('from')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 180 } }}
        value={draft.to}
        onChange={set('to')}
        error={rangeReversed}
        helperText={rangeReversed ? 'Must not be before From' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from || undefined } }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignSelf: 'center' }}>
        <Button type="submit" variant="contained" disabled={rangeReversed}>
          Apply
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </Box>
    </Box>
  );
}
