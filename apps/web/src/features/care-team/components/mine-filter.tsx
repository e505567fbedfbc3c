import { FormControlLabel, Switch } from '@mui/material';

export type MineFilterProps = {
  /** True while only my participants (or their flags) are shown. */
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the switch narrows, for its accessible name: "Only my participants". */
  label?: string;
};

/** The "Mine" switch of the participants list and the Flags screen (care team). */
export function MineFilter({ checked, onChange, label = 'Mine' }: MineFilterProps) {
  return (
    <FormControlLabel
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
      control={<Switch checked={checked} onChange={(_event, value) => onChange(value)} />}
      label={label}
    />
  );
}
