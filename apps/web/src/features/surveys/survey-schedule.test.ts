import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { surveyCellState } from './survey-schedule';

const entry = (
  target_date: string | null,
  extra: {
    score?: number | 'NA' | null;
    score_text?: string | null;
    submitted_on?: string | null;
  } = {},
) => ({ score: null, score_text: null, submitted_on: null, target_date, ...extra });

describe('survey schedule cell state', () => {
  beforeEach(() => {
    // Noon local time on 10 March 2025: "today" is 2025-03-10 in any time zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a survey due yesterday and not submitted is overdue since its target date', () => {
    expect(surveyCellState(entry('2025-03-09'))).toEqual({ kind: 'overdue', date: '2025-03-09' });
  });

  it('a survey due today is due today, not overdue', () => {
    expect(surveyCellState(entry('2025-03-10'))).toEqual({
      kind: 'due-today',
      date: '2025-03-10',
    });
  });

  it('a survey due tomorrow is due on its target date', () => {
    expect(surveyCellState(entry('2025-03-11'))).toEqual({ kind: 'due', date: '2025-03-11' });
  });

  it('a submitted survey shows its score and submission date, even when submitted late', () => {
    expect(
      surveyCellState(
        entry('2025-01-01', {
          score: 65.994,
          score_text: 'KOOS JR 65.99',
          submitted_on: '2025-02-01T08:00:00Z',
        }),
      ),
    ).toEqual({
      kind: 'submitted',
      score: 65.994,
      text: 'KOOS JR 65.99',
      date: '2025-02-01T08:00:00Z',
    });
  });

  it("a timepoint scored 'NA' is not applicable, whatever its target date", () => {
    expect(surveyCellState(entry('2025-01-01', { score: 'NA' }))).toEqual({
      kind: 'not-applicable',
    });
    expect(surveyCellState(entry(null, { score: 'NA' }))).toEqual({ kind: 'not-applicable' });
  });

  it('a timepoint never scheduled has no date to be due on', () => {
    expect(surveyCellState(entry(null))).toEqual({ kind: 'unscheduled' });
  });

  it('an explicit today wins over the clock', () => {
    expect(surveyCellState(entry('2025-03-10'), '2025-03-11').kind).toBe('overdue');
  });
});
