import dayjs from 'dayjs';
import { DATE_FORMAT_API } from '@recovery-portal/contract/constants';

/** Date formats the spec quotes (§9). */
export const DATE_FORMATS = {
  api: DATE_FORMAT_API,
  surveySchedule: 'MMM DD, YYYY',
  nudgeDialog: 'DD MMM YYYY',
  /** The day of a telemetry or lab reading. */
  reading: 'MMM DD, YYYY',
} as const;

export type DateInput = string | number | Date | null | undefined;

/** Formats a date, or returns the fallback (a dash by default) when it is missing or invalid. */
export function formatDate(value: DateInput, format: string, fallback = '-'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : fallback;
}

/**
 * The one way a date and time is shown, everywhere: spec §9's list format ('last seen'),
 * 'Nov 26 2026 12:54 PM'; with `seconds` (the audit trail, where rows of one minute must be
 * told apart) 'Nov 26 2026 12:54:07 PM'. A dash when missing or invalid.
 */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  return formatDate(value, options.seconds ? 'MMM DD YYYY hh:mm:ss A' : 'MMM DD YYYY hh:mm A');
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

/** Angular's 'medium' date format the spec names: 'Nov 21, 2026'. */
export const MEDIUM_DATE_FORMAT = 'MMM D, YYYY';

/** Spec §9 truncation: summaries and descriptions keep 13 words, marker extracts 10. */
export const SUMMARY_WORD_LIMIT = 13;
export const EXTRACT_WORD_LIMIT = 10;

/** Minutes as hours and minutes, e.g. 452 → '7h 32m' (the Sleep tile); a dash when missing. */
export function formatHoursMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) {
    return '-';
  }
  const total = Math.round(minutes);
  return `${formatNumber(Math.floor(total / 60))}h ${total % 60}m`;
}

/** Minutes as hours with 2 decimals: chart values of activity minutes are divided by 60 (spec §9). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** A score out of a scale, e.g. '4/5'; whole scores without decimals, others with one. */
export function formatScore(value: number | null | undefined, max: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${formatNumber(value, Number.isInteger(value) ? 0 : 1)}/${max}`;
}
