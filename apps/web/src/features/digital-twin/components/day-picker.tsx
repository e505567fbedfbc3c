import dayjs from 'dayjs';
import { Box, IconButton, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { DATE_FORMATS, formatDate, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';

/** The day before or after a YYYY-MM-DD day. */
export function stepDay(day: string, days: number): string {
  return dayjs(day).add(days, 'day').format(DATE_FORMATS.api);
}

type DayPickerProps = {
  /** YYYY-MM-DD */
  day: string;
  onChange: (day: string) => void;
};

/** Spec §2 'Digital Twin dialog': previous/next day arrows around the day in medium format. */
export function DayPicker({ day, onChange }: DayPickerProps) {
  return (
    <Box
      role="group"
      aria-label="Day"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <IconButton aria-label="Previous day" onClick={() => onChange(stepDay(day, -1))}>
        <ChevronLeft />
      </IconButton>
      <Typography
        component="span"
        aria-live="polite"
        sx={{ minWidth: 110, textAlign: 'center', fontWeight: 600 }}
      >
        {formatDate(day, MEDIUM_DATE_FORMAT)}
      </Typography>
      <IconButton aria-label="Next day" onClick={() => onChange(stepDay(day, 1))}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
