import { useId } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import {
  RECOVERY_PROGRAMME_LABELS,
  RECOVERY_PROGRAMMES,
} from '@recovery-portal/contract/programmes';
import { NativeSelectField } from '#app/components/ui/native-select-field.tsx';
import { FieldHelperText, OutlinedField } from '#app/components/ui/outlined-field.tsx';
import { useUserGroups } from '#app/lib/api/user-groups.ts';
import type { ParticipantListKey } from '#app/features/participants/participants-state.ts';

type CohortKey = Extract<ParticipantListKey, 'group' | 'surgeryFrom' | 'surgeryTo' | 'programme'>;

export type CohortFilterProps = {
  values: Readonly<Record<CohortKey, string>>;
  onChange: (values: Partial<Record<CohortKey, string>>) => void;
};

const ANY_GROUP = '';

const fieldWidth = (width: number): SxProps<Theme> => ({ width: { xs: '100%', sm: width } });

type DateFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
};

/** An outlined date input, drawn as the list's other fields (DESIGN §7). */
function DateField({ label, value, onChange, min, max, error }: DateFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <OutlinedField
      controlId={id}
      label={label}
      error={!!error}
      sx={fieldWidth(180)}
      below={error && <FieldHelperText id={helperId}>{error}</FieldHelperText>}
    >
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        min={min}
        max={max}
        aria-invalid={!!error}
        aria-describedby={error ? helperId : undefined}
      />
    </OutlinedField>
  );
}

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
      <NativeSelectField
        label="Programme"
        value={values.programme}
        onChange={(programme) => onChange({ programme })}
        sx={fieldWidth(240)}
      >
        <option value="">Any</option>
        {RECOVERY_PROGRAMMES.map((programme) => (
          <option key={programme} value={programme}>
            {RECOVERY_PROGRAMME_LABELS[programme]}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        label="Group"
        value={values.group}
        onChange={(group) => onChange({ group })}
        sx={fieldWidth(200)}
      >
        <option value={ANY_GROUP}>Any</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelectField>
      <DateField
        label="Surgery from"
        value={values.surgeryFrom}
        onChange={(surgeryFrom) => onChange({ surgeryFrom })}
        max={values.surgeryTo || undefined}
      />
      <DateField
        label="Surgery to"
        value={values.surgeryTo}
        onChange={(surgeryTo) => onChange({ surgeryTo })}
        min={values.surgeryFrom || undefined}
        error={reversed ? 'Must not be before Surgery from' : undefined}
      />
    </Box>
  );
}
