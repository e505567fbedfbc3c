import { describe, expect, it } from 'vitest';
import { describeChange } from '@recovery-portal/contract/instruments';
import { formatImprovement, type OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { assessScore, improvementOf } from './outcome-status';

describe('a change from PreOp in words', () => {
  it('says better or worse whichever way the scale runs, never a sign that reads backwards', () => {
    // Pain Interference: lower is better, so 62.5 → 61.2 is an improvement of 1.3.
    const painDown = improvementOf('PROMIS_PI_4A', 62.5, 61.2);
    expect(describeChange('PROMIS_PI_4A', painDown)).toBe('better by 1.3');
    expect(describeChange('PROMIS_PI_4A', improvementOf('PROMIS_PI_4A', 61.2, 62.5))).toBe(
      'worse by 1.3',
    );
    expect(describeChange('KOOS_JR', improvementOf('KOOS_JR', 47.487, 65.99))).toBe(
      'better by 18.50',
    );
    expect(describeChange('KOOS_JR', improvementOf('KOOS_JR', 65.99, 57.14))).toBe('worse by 8.85');
    expect(describeChange('PROMIS_GPH', 0.04)).toBe('no change');
    expect(formatImprovement({ measure: 'PROMIS_GMH' } as OutcomeSurvey, null)).toBe('-');
    expect(formatImprovement({ measure: 'PROMIS_GMH' } as OutcomeSurvey, -2.25)).toBe(
      'worse by 2.3',
    );
  });

  it('a flag names the score in full and the change in words', () => {
    const { status, shortfalls } = assessScore('PROMIS_PI_4A', 'MONTH_3', 61.2, 62.5);
    expect(status).toBe('NOT_IMPROVING');
    expect(shortfalls[0]?.text).toBe(
      'Pain Interference T-score better by 1.3 from PreOp (62.5 to 61.2), less than the MCID of 3',
    );
  });
});
