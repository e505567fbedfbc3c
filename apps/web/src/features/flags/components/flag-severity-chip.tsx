import { Chip } from '@mui/material';
import { FLAG_SEVERITY_LABELS } from '@recovery-portal/contract/flags';
import type { FlagSeverity } from '@recovery-portal/contract/flags';

const COLOR: Record<FlagSeverity, 'error' | 'warning' | 'primary'> = {
  CRITICAL: 'error',
  HIGH: 'warning',
  MODERATE: 'primary',
};

/** A flag's severity: filled red or amber for the urgent ones, outlined for moderate. */
export function FlagSeverityChip({ severity }: { severity: FlagSeverity }) {
  return (
    <Chip
      label={FLAG_SEVERITY_LABELS[severity]}
      color={COLOR[severity]}
      variant={severity === 'MODERATE' ? 'outlined' : 'filled'}
      size="small"
      sx={{ fontWeight: 600, minWidth: 80 }}
    />
  );
}
