import { Box, MenuItem, TextField } from '@mui/material';
import {
  RECOVERY_PROGRAMME_LABELS,
  RECOVERY_PROGRAMMES,
} from '@recovery-portal/contract/programmes';
import { useUserGroups } from '#app/lib/api/user-groups.ts';
import type { ParticipantListKey } from '#app/features/participants/participants-state.ts';

type CohortKey = Extract<ParticipantListKey, 'group' | 'surgeryFrom' | 'surgeryTo' | 'programme'>;

export type CohortFilterProps = {
  values: Readonly<Record<CohortKey, string>>;
  onChange: (values: Partial<Record<CohortKey, string>>) => void;
};

const ANY_GROUP = '';

/**
 * The cohort the list (and its outcome export) is narrowed to: a recovery programme, a group and a
 * range of surgery days. Kept in the URL like the other filters.
 */
export function CohortFilter({ values, onChange }: CohortFilterProps) {
  const groups = useUserGroups();
  const reversed =
    !!values.surgeryFrom && !!values.surgeryTo && values.surgeryFrom > values.surgeryTo;
  const names = groups.data?.map((group) => group.name) ?? [];
  // A group named in the URL stays selectable while the list of groups loads.
  const options = values.group && !names.includes(values.group) ? [values.group, ...names] : names;
  return (
    <Box
      role="group"
      aria-label="Cohort"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        select
        size="small"
        label="Programme"
        value={values.programme}
        onChange={(event) => onChange({ programme: event.target.value })}
        sx={{ width: { xs: '100%', sm: 240 } }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">Any</MenuItem>
        {RECOVERY_PROGRAMMES.map((programme) => (
          <MenuItem key={programme} value={programme}>
            {RECOVERY_PROGRAMME_LABELS[programme]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Group"
        value={values.group}
        onChange={(event) => onChange({ group: event.target.value })}
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value={ANY_GROUP}>Any</MenuItem>
        {options.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="Surgery from"
        value={values.surgeryFrom}
        onChange={(event) => onChange({ surgeryFrom: event.target.value })}
        sx={{ width: { xs: '100%', sm: 180 } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { max: values.surgeryTo || undefined },
        }}
      />
      <TextField
        type="date"
        size="small"
        label="Surgery to"
        value={values.surgeryTo}
        onChange={(event) => onChange({ surgeryTo: event.target.value })}
        error={reversed}
        helperText={reversed ? 'Must not be before Surgery from' : undefined}
        sx={{ width: { xs: '100%', sm: 180 } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: values.surgeryFrom || undefined },
        }}
      />
    </Box>
  );
}
