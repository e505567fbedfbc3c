import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, formatNumber, toApiDate, truncateWords } from './format';

describe('format', () => {
  it('formats dates in the spec formats and shows a dash when missing', () => {
    expect(formatDate('2024-03-05T14:07:00', DATE_FORMATS.lastSeen)).toBe('Mar 05 2024 02:07 PM');
    expect(formatDate('2024-03-05', DATE_FORMATS.surveySchedule)).toBe('Mar 05, 2024');
    expect(formatDate(null, DATE_FORMATS.lastSeen)).toBe('-');
    expect(formatDate('not a date', DATE_FORMATS.lastSeen)).toBe('-');
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
});
