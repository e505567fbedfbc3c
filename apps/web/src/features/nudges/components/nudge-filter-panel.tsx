import { useId } from 'react';
import { Box, Button, Popover, TextField, Typography } from '@mui/material';
import { NUDGE_FEEDBACK_FILTERS, NUDGE_STATUSES } from '@recovery-portal/contract/nudges';
import { useFilterDraft } from '#app/lib/filter-draft.ts';
import {
  NUDGE_FEEDBACK_FILTER_LABELS,
  NUDGE_STATUS_LABELS,
} from '#app/features/nudges/nudges-state.ts';
import type { NudgeListKey } from '#app/features/nudges/nudges-state.ts';

export type NudgeFilters = Pick<
  Record<NudgeListKey, string>,
  'status' | 'feedback' | 'date_from' | 'date_to'
>;

export const EMPTY_NUDGE_FILTERS: NudgeFilters = {
  status: '',
  feedback: '',
  date_from: '',
  date_to: '',
};

type NudgeFilterPanelProps = {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  filters: NudgeFilters;
  onApply: (filters: NudgeFilters) => void;
  onClose: () => void;
};

/** Status, feedback and a date range; nothing changes until Apply (DESIGN §5: a working filter). */
export function NudgeFilterPanel({
  id,
  anchorEl,
  open,
  filters,
  onApply,
  onClose,
}: NudgeFilterPanelProps) {
  const titleId = useId();
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 340, p: 2.5 } },
      }}
    >
      {/* Mounted only while open, so every opening starts from the applied filters. */}
      <FilterForm titleId={titleId} filters={filters} onApply={onApply} onClose={onClose} />
    </Popover>
  );
}

function FilterForm({
  titleId,
  filters,
  onApply,
  onClose,
}: {
  titleId: string;
  filters: NudgeFilters;
  onApply: (filters: NudgeFilters) => void;
  onClose: () => void;
}) {
  const { draft, setDraft, set, rangeReversed } = useFilterDraft(filters, {
    from: 'date_from',
    to: 'date_to',
  });

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!rangeReversed) onApply(draft);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem' }}>
        Filter nudges
      </Typography>
      <TextField
        select
        size="small"
        label="Status"
        value={draft.status}
        onChange={set('status')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">All</option>
        {NUDGE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {NUDGE_STATUS_LABELS[status]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Feedback"
        value={draft.feedback}
        onChange={set('feedback')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">All</option>
        {NUDGE_FEEDBACK_FILTERS.map((feedback) => (
          <option key={feedback} value={feedback}>
            {NUDGE_FEEDBACK_FILTER_LABELS[feedback]}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          type="date"
          size="small"
          label="Date from"
          value={draft.date_from}
          onChange={set('date_from')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: draft.date_to || undefined },
          }}
        />
        <TextField
          type="date"
          size="small"
          label="Date to"
          value={draft.date_to}
          onChange={set('date_to')}
          error={rangeReversed}
          helperText={rangeReversed ? 'Must not be before Date from' : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: draft.date_from || undefined },
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        For a single day, choose the same date in both fields.
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => setDraft(EMPTY_NUDGE_FILTERS)}>Clear</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={rangeReversed}>
          Apply
        </Button>
      </Box>
    </Box>
  );
}
