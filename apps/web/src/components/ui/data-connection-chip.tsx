import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import CloudOff from '@mui/icons-material/CloudOff';
import { dataConnectionOf, dataConnectionWarning } from '@recovery-portal/contract/review';
import { SmallChip } from './small-chip';

export type DataConnectionChipProps = {
  /** The latest home measurement time, null when none ever arrived. */
  lastTelemetryAt: string | null;
  /** What a current connection shows, given the whole days since data last arrived (default none). */
  current?: (days: number) => ReactNode;
  now?: Date;
};

/**
 * A participant's data connection: a warning chip with its words when home data stopped arriving
 * ('No data for 4 days') or never did ('No data yet'); quiet text, if any, while data is current.
 */
export function DataConnectionChip({ lastTelemetryAt, current, now }: DataConnectionChipProps) {
  const connection = dataConnectionOf(lastTelemetryAt, now);
  if (connection.state === 'current') {
    if (!current) return null;
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {current(connection.days)}
      </Typography>
    );
  }
  return (
    <SmallChip
      color="warning"
      variant="outlined"
      icon={<CloudOff aria-hidden="true" />}
      label={dataConnectionWarning(connection)}
      // The words may wrap, so a narrow table column can still hold the warning.
      sx={{
        fontWeight: 500,
        height: 'auto',
        minHeight: 24,
        '& > span': { whiteSpace: 'normal', py: '2px' },
      }}
    />
  );
}
