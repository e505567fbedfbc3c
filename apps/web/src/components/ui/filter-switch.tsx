import { FormControlLabel, Switch } from '@mui/material';

export type FilterSwitchProps = {
  /** What the switch narrows the list to, also its accessible name: "Mine", "Overdue tasks". */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** An on/off list filter: "Mine" (care team) and "Overdue tasks". */
export function FilterSwitch({ label, checked, onChange }: FilterSwitchProps) {
  return (
    <FormControlLabel
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
      control={<Switch checked={checked} onChange={(_event, value) => onChange(value)} />}
      label={label}
    />
  );
}
