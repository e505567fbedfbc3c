import { useId } from 'react';
import type { ReactNode } from 'react';
import { FormControl, InputLabel, OutlinedInput } from '@mui/material';
import NativeSelect from '@mui/material/NativeSelect';
import type { SxProps, Theme } from '@mui/material';

export type NativeSelectFieldProps = {
  /** Visible label and accessible name. */
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  /** The choices, as `<option>` elements. */
  children: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * A small outlined select drawn by the browser. Lists and the details page use it instead of
 * MUI's Select, whose menu machinery would otherwise join their first load (DESIGN §7); the
 * browser's own list also gives the keyboard and screen reader behaviour for free.
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  children,
  sx,
}: NativeSelectFieldProps) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      {/* A native select always shows a choice, so the label always sits above it. */}
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        input={<OutlinedInput label={label} notched />}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // As wide as the chosen option, like MUI's Select, not as the longest one (where supported).
        sx={{ '& select': { fieldSizing: 'content' } }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
