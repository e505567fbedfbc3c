import { describe, expect, it } from 'vitest';
import { chartColumns } from '@recovery-portal/contract/outcome-reference';
import type { OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { chartPointLines } from './outcome-reference-text';

const TIMEPOINTS = ['PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12'] as const;
const LABELS = ['PreOp', '6 Weeks', '3 Months', '6 Months', '12 Months'] as const;

const KOOS: OutcomeSurvey = {
  survey_id: 1,
  title: 'KOOS JR Knee Survey',
  measure: 'KOOS_JR',
  label: 'KOOS JR',
  name: 'KOOS JR interval score',
  min: 0,
  max: 100,
  higher_is_better: true,
  scale_text: '0–100, 100 = best',
  mcid: null,
  pass: null,
  scb: null,
  points: TIMEPOINTS.map((timepoint, index) => ({
    timepoint,
    label: LABELS[index] ?? '',
    score: index === 2 ? 65.994 : null,
    submitted_on: null,
    not_scorable_reason: null,
    improvement: index === 2 ? 18.507 : null,
    status: index === 2 ? 'IMPROVING' : null,
  })),
  cohort: {
    label: 'This clinic, total knee replacement: median and middle half, n = 84',
    procedure: 'TOTAL_KNEE_REPLACEMENT',
    n: 84,
    demo: false,
    points: TIMEPOINTS.map((timepoint, index) =>
      index === 2
        ? { timepoint, n: 60, p25: 59.381, median: 65.994, p75: 70.704, percentile: 62 }
        : { timepoint, n: 4, p25: null, median: null, p75: null, percentile: null },
    ),
  },
  cohort_note: null,
};

describe("the outcome chart's tooltip", () => {
  const columns = chartColumns(KOOS);

  it('gives the participant’s score, the clinic’s band and the percentile at a timepoint', () => {
    expect(chartPointLines(KOOS, columns[2]!)).toEqual([
      '3 Months',
      'This participant: 65.99 (better by 18.51 from PreOp): clinically important improvement.',
      'This clinic at 3 Months: median 65.99, middle half 59.38 to 70.70 (n = 60); this participant at the 62nd percentile.',
    ]);
  });

  it('says when there are too few comparable patients, and gives the published mean at PreOp', () => {
    expect(chartPointLines(KOOS, columns[0]!)).toEqual([
      'PreOp',
      'No score from this participant.',
      'Too few comparable patients at PreOp for a band (n = 4, fewer than 10).',
      'Published mean before surgery 51.6 ± 11.5 (n = 861; registry, Bone Joint Open 2022).',
    ]);
  });

  it('puts the later published means in their own columns after 12 Months', () => {
    expect(columns.map((column) => column.label)).toEqual([
      'PreOp',
      '6 Weeks',
      '3 Months',
      '6 Months',
      '12 Months',
      '1-2 years',
      'over 2 years',
    ]);
    expect(chartPointLines(KOOS, columns[5]!)).toEqual([
      '1-2 years after surgery',
      'Published mean 1-2 years 85.1 ± 13.8 (n = 861; registry, Bone Joint Open 2022).',
    ]);
  });
});
