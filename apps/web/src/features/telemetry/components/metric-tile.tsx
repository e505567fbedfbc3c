import { useId } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { Insight } from '@recovery-portal/contract/telemetry';
import { InsightArrow } from '#app/components/ui/insight-arrow.tsx';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';

export type MetricTileProps = {
  label: string;
  /** Formatted value; null when there is no reading, and the tile says 'No data'. */
  value: string | null;
  unit?: string;
  /** YYYY-MM-DD of the reading. */
  date: string | null;
  insight?: Insight | null;
  isNew?: boolean;
  /** Where the reading comes from, e.g. 'Clinic'. */
  source?: string;
  /** Shown faded: its readings are filtered out (Labs & Vitals). */
  dimmed?: boolean;
};

export const DIMMED_OPACITY = 0.4;

/** One value of the telemetry or labs cards: label, value and unit, date, 'New' tag, arrow. */
export function MetricTile({
  label,
  value,
  unit = '',
  date,
  insight,
  isNew = false,
  source,
  dimmed = false,
}: MetricTileProps) {
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-dimmed={dimmed || undefined}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        minHeight: 104,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        bgcolor: 'background.paper',
        opacity: dimmed ? DIMMED_OPACITY : 1,
        transition: 'opacity 150ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }}>
        <Typography
          id={labelId}
          variant="body2"
          color="text.secondary"
          sx={{ fontWeight: 600, flex: 1, lineHeight: 1.3 }}
        >
          {label}
        </Typography>
        {isNew && value !== null ? (
          <Chip label="New" size="small" color="success" sx={{ height: 20, fontWeight: 600 }} />
        ) : null}
      </Box>
      {value === null ? (
        <Typography color="text.secondary" sx={{ fontSize: '1.125rem', mt: 0.25 }}>
          No data
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontSize: '1.375rem', fontWeight: 600 }}>
              {value}
            </Typography>
            {unit ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {unit}
              </Typography>
            ) : null}
            <InsightArrow insight={insight} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto' }}>
            <Typography variant="caption" color="text.secondary">
              {formatDate(date, DATE_FORMATS.reading, '')}
            </Typography>
            {source ? (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                {source}
              </Typography>
            ) : null}
          </Box>
        </>
      )}
      {dimmed ? <Box sx={visuallyHidden}>Filtered out by the source filters</Box> : null}
    </Box>
  );
}
