import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  EXTRACT_WORD_LIMIT,
  formatDate,
  formatDateTime,
  formatNumber,
  MEDIUM_DATE_FORMAT,
  SUMMARY_WORD_LIMIT,
  toApiDate,
  truncateWords,
} from './format';

describe('format', () => {
  it('formats dates in the spec formats and shows a dash when missing', () => {
    expect(formatDate('2024-03-05', DATE_FORMATS.surveySchedule)).toBe('Mar 05, 2024');
    expect(formatDate(null, DATE_FORMATS.surveySchedule)).toBe('-');
    expect(formatDate('not a date', DATE_FORMATS.surveySchedule)).toBe('-');
    expect(toApiDate(new Date(2024, 0, 9))).toBe('2024-01-09');
  });

  it('separates thousands and fixes decimals', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(24.456, 2)).toBe('24.46');
    expect(formatNumber(null)).toBe('-');
  });

  it('truncates to a number of words', () => {
    expect(truncateWords('one two three four', 2)).toBe('one two...');
    expect(truncateWords('one two', 2)).toBe('one two');
    expect(truncateWords(undefined, 2)).toBe('');
  });

  it('cuts summaries after 13 words and extracts after 10, with an ellipsis only when cut', () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i + 1}`).join(' ');
    expect(truncateWords(words(14), SUMMARY_WORD_LIMIT)).toBe(`${words(13)}...`);
    expect(truncateWords(words(13), SUMMARY_WORD_LIMIT)).toBe(words(13));
    expect(truncateWords(words(11), EXTRACT_WORD_LIMIT)).toBe(`${words(10)}...`);
    expect(truncateWords(`  ${words(10)}\n`, EXTRACT_WORD_LIMIT)).toBe(words(10));
  });

  it('writes every date and time one way, the list format of spec §9', () => {
    expect(formatDateTime('2026-11-26T12:54:00')).toBe('Nov 26 2026 12:54 PM');
    expect(formatDateTime('2024-03-05T06:25:09')).toBe('Mar 05 2024 06:25 AM');
    expect(formatDateTime('2024-03-05T06:25:09', { seconds: true })).toBe(
      'Mar 05 2024 06:25:09 AM',
    );
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('writes the medium date format', () => {
    expect(formatDate('2026-11-01', MEDIUM_DATE_FORMAT)).toBe('Nov 1, 2026');
    expect(formatDate('2026-11-01', DATE_FORMATS.nudgeDialog)).toBe('01 Nov 2026');
  });
});
