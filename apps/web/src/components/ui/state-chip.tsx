import { Chip } from '@mui/material';
import type { ChipProps } from '@mui/material';

/** A table row's state as a small outlined chip, e.g. an account's status. */
export function StateChip({ label, color }: { label: string; color: ChipProps['color'] }) {
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}
