import { Box } from '@mui/material';
import Flag from '@mui/icons-material/Flag';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import { REVIEW_MESSAGES } from '@recovery-portal/contract/review';
import { VisuallyHidden } from './visually-hidden';

/** Most severe in the error colour, then warning; colours with AA contrast on white. */
const SEVERITY_COLOURS: Record<FlagSeverity, string> = {
  CRITICAL: 'error.main',
  HIGH: 'warning.main',
  MODERATE: 'primary.main',
};

export type OpenFlagsIndicatorProps = {
  count: number;
  severity: FlagSeverity | null;
};

/**
 * A flag in the colour of the most severe open flag with the number of open flags, named for
 * screen readers ('2 open flags, most severe Critical'); nothing visible without open flags.
 */
export function OpenFlagsIndicator({ count, severity }: OpenFlagsIndicatorProps) {
  if (count === 0) return <VisuallyHidden>{REVIEW_MESSAGES.noOpenFlags}</VisuallyHidden>;
  const label = REVIEW_MESSAGES.openFlags(count, severity);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        color: severity ? SEVERITY_COLOURS[severity] : 'text.secondary',
        fontWeight: 700,
      }}
    >
      <Flag fontSize="small" aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
    </Box>
  );
}
