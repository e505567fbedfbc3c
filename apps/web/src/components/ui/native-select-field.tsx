import { useId } from 'react';
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { OutlinedField } from './outlined-field';

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
 * browser's own list also gives the keyboard and screen reader behaviour for free. A native
 * select always shows a choice, so the label always sits above it.
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
    <OutlinedField controlId={id} label={label} sx={sx}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
      <ArrowDropDown />
    </OutlinedField>
  );
}
