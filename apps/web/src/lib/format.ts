import dayjs from 'dayjs';
import { DATE_FORMAT_API } from '@recovery-portal/contract/constants';

/** Date formats the spec quotes (§9). */
export const DATE_FORMATS = {
  api: DATE_FORMAT_API,
  lastSeen: 'MMM DD YYYY hh:mm A',
  surveySchedule: 'MMM DD, YYYY',
  nudgeDialog: 'DD MMM YYYY',
} as const;

export type DateInput = string | number | Date | null | undefined;

/** Formats a date, or returns the fallback (a dash by default) when it is missing or invalid. */
export function formatDate(value: DateInput, format: string, fallback = '-'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : fallback;
}

/** The YYYY-MM-DD string the API expects for a day. */
export function toApiDate(value: DateInput = new Date()): string {
  return formatDate(value, DATE_FORMATS.api, '');
}

/** Thousands separated by commas (spec §9); a dash for a missing number. */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Keeps the first `count` words and marks the cut with an ellipsis (spec §9 truncation). */
export function truncateWords(text: string | null | undefined, count: number): string {
  if (!text) return '';
  const words = text.trim().split(/\s+/);
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')}...`;
}
