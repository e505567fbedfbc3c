import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { NOT_REVIEWED_DAYS_CHOICES } from '@recovery-portal/contract/participants';

const ANY = '';

const CHOICES = [
  { value: ANY, label: 'Any' },
  ...NOT_REVIEWED_DAYS_CHOICES.map((days) => ({ value: String(days), label: `${days} days` })),
];

export type NotReviewedFilterProps = {
  /** '' for any, else the number of days as written in the URL. */
  value: string;
  onChange: (value: string) => void;
};

/** Narrows the list to participants nobody has reviewed in the last N days (never counts). */
export function NotReviewedFilter({ value, onChange }: NotReviewedFilterProps) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 124 }}>
      {/* 'Any' is a shown value, so the label always sits above it. */}
      <InputLabel id={labelId} shrink>
        Not reviewed in
      </InputLabel>
      <Select
        labelId={labelId}
        label="Not reviewed in"
        value={value}
        displayEmpty
        notched
        onChange={(event) => onChange(event.target.value)}
      >
        {CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
