import { describe, expect, it } from 'vitest';
import {
  PROGRAMME_THRESHOLD_DEFAULTS,
  programmeOf,
  type ThresholdSetting,
} from '@recovery-portal/contract/thresholds';
import {
  evaluateThresholds,
  painRunFindings,
  stepsDropFindings,
  systolicFindings,
  weightChangeFindings,
  type Reading,
} from './threshold-rules';
import { DAY_MS } from '#app/core/days';

const DAY0 = Date.parse('2026-03-01T00:00:00Z');
/** A reading on day `day` (0 = 2026-03-01) at `hour` UTC. */
const at = (day: number, hour = 8) => new Date(DAY0 + day * DAY_MS + hour * 3_600_000);
const series = (values: readonly (number | null)[], hour = 8): Reading[] =>
  values.flatMap((value, day) => (value === null ? [] : [{ at: at(day, hour), value }]));
const setting = (value: number, days: number | null = null): ThresholdSetting => ({
  value,
  days,
  enabled: true,
});

describe('systolic BP above the limit', () => {
  it('160 is not above 160; 161 is, and the flag names value and rule', () => {
    expect(systolicFindings(series([160, 160]), setting(160))).toEqual([]);
    expect(systolicFindings(series([160, 161]), setting(160))).toEqual([
      {
        rule: 'SYSTOLIC_BP_HIGH',
        detectedAt: at(1),
        value: 161,
        text: 'Systolic BP 161 mmHg above 160',
        key: 'SYSTOLIC_BP_HIGH:2026-03-02',
      },
    ]);
  });

  it('a run of high readings is one crossing; coming down and going up again is another', () => {
    const findings = systolicFindings(series([172, 168, 175, 150, 165]), setting(160));
    expect(findings.map((f) => [f.value, f.key])).toEqual([
      [172, 'SYSTOLIC_BP_HIGH:2026-03-01'],
      [165, 'SYSTOLIC_BP_HIGH:2026-03-05'],
    ]);
  });

  it("follows the participant's limit and stays quiet when the rule is off", () => {
    expect(systolicFindings(series([170]), setting(170))).toEqual([]);
    expect(systolicFindings(series([171]), setting(170))).toHaveLength(1);
    expect(systolicFindings(series([200]), { ...setting(160), enabled: false })).toEqual([]);
  });
});

describe('pain at or above the limit for consecutive days', () => {
  it('8, 8, 8 fires on the third day; 8, 8, 7 does not', () => {
    expect(painRunFindings(series([8, 8, 7]), setting(8, 3))).toEqual([]);
    expect(painRunFindings(series([8, 8, 8]), setting(8, 3))).toEqual([
      {
        rule: 'PAIN_HIGH_RUN',
        detectedAt: at(2),
        value: 8,
        text: 'Pain score at or above 8 for 3 consecutive days (8, 8, 8)',
        key: 'PAIN_HIGH_RUN:2026-03-01',
      },
    ]);
  });

  it('a day without a score breaks the run, a longer run fires once', () => {
    expect(painRunFindings(series([8, 9, null, 8]), setting(8, 3))).toEqual([]);
    expect(painRunFindings(series([7, 9, 9, 10, 9]), setting(8, 3))).toHaveLength(1);
    expect(painRunFindings(series([7, 9, 9, 10, 9]), setting(8, 3))[0]?.key).toBe(
      'PAIN_HIGH_RUN:2026-03-02',
    );
  });

  it('any score of the day counts, and the days are UTC days', () => {
    const readings = [
      { at: at(0, 7), value: 5 },
      { at: at(0, 20), value: 8 },
      { at: at(1, 23), value: 9 },
      { at: at(2, 0), value: 8 },
    ];
    const [finding] = painRunFindings(readings, setting(8, 3));
    expect(finding?.detectedAt).toEqual(at(2, 0));
    expect(finding?.text).toContain('(8, 9, 8)');
  });

  it("the participant's limit and run length apply at their boundary", () => {
    expect(painRunFindings(series([6, 6]), setting(7, 2))).toEqual([]);
    expect(painRunFindings(series([7, 7]), setting(7, 2))).toHaveLength(1);
    expect(painRunFindings(series([10]), setting(10, 1))[0]?.text).toBe(
      'Pain score at or above 10 for 1 consecutive day (10)',
    );
  });
});

describe('steps falling week on week', () => {
  const weeks = (previous: number, current: number) => [
    ...Array<number>(7).fill(previous),
    ...Array<number>(7).fill(current),
  ];

  it('a drop of exactly 50% is not more than 50%; one step more is', () => {
    expect(stepsDropFindings(series(weeks(5000, 2500)), setting(50), null)).toEqual([]);
    const findings = stepsDropFindings(
      series([...Array<number>(7).fill(5000), ...Array<number>(6).fill(2500), 2499]),
      setting(50),
      null,
    );
    expect(findings).toEqual([
      {
        rule: 'STEPS_DROP',
        detectedAt: at(13),
        value: 50,
        text: 'Daily steps fell 50% week on week (2,500 from 5,000 a day), more than 50%',
        key: 'STEPS_DROP:2026-03-14',
      },
    ]);
  });

  it('a sharp fall is flagged once, on the first day the week average crosses', () => {
    const findings = stepsDropFindings(series(weeks(6000, 1000)), setting(50), null);
    expect(findings).toHaveLength(1);
    // Day 11: five low days and two high ones (2,429 a day) against 6,000 a day.
    expect(findings[0]?.key).toBe('STEPS_DROP:2026-03-12');
    expect(findings[0]?.value).toBe(60);
  });

  it('weeks with fewer than four days of data are not compared', () => {
    const low = Array<number>(7).fill(100);
    const threeDays = [5000, null, 5000, null, 5000, null, null, ...low];
    expect(stepsDropFindings(series(threeDays), setting(50), null)).toEqual([]);
    const fourDays = [5000, null, 5000, null, 5000, null, 5000, ...low];
    expect(stepsDropFindings(series(fourDays), setting(50), null)).toHaveLength(1);
  });

  it('the two weeks after surgery are not evaluated', () => {
    const readings = series([...Array<number>(7).fill(6000), ...Array<number>(14).fill(500)]);
    expect(stepsDropFindings(readings, setting(50), '2026-03-08')).toEqual([]);
    expect(stepsDropFindings(readings, setting(50), null)).toHaveLength(1);
  });

  it("the participant's percentage applies", () => {
    expect(stepsDropFindings(series(weeks(5000, 3000)), setting(40), null)).toEqual([]);
    expect(stepsDropFindings(series(weeks(5000, 2999)), setting(40), null)).toHaveLength(1);
  });
});

describe('weight change within a week', () => {
  it('2.0 kg is not above 2 kg; 2.1 kg is, up or down', () => {
    expect(weightChangeFindings(series([80, 82]), setting(2))).toEqual([]);
    expect(weightChangeFindings(series([80.2, 82.3]), setting(2))).toEqual([
      {
        rule: 'WEIGHT_CHANGE',
        detectedAt: at(1),
        value: 2.1,
        text: 'Weight 82.3 kg, up 2.1 kg within 7 days (from 80.2 kg), above 2 kg',
        key: 'WEIGHT_CHANGE:2026-03-02',
      },
    ]);
    expect(weightChangeFindings(series([82.3, 80.2]), setting(2))[0]?.text).toContain(
      'down 2.1 kg',
    );
  });

  it('single-precision values from the database do not cross by rounding noise', () => {
    const stored = (value: number) => Math.fround(value);
    expect(weightChangeFindings(series([stored(82.2), stored(84.2)]), setting(2))).toEqual([]);
  });

  it('compares with weighings of the 7 days before only', () => {
    const readings = series([80, null, null, null, null, null, null, 83]);
    expect(weightChangeFindings(readings, setting(2))).toHaveLength(1);
    const eightDays = series([80, null, null, null, null, null, null, null, 83]);
    expect(weightChangeFindings(eightDays, setting(2))).toEqual([]);
  });

  it("the participant's limit applies", () => {
    expect(weightChangeFindings(series([80, 81.5]), setting(1.5))).toEqual([]);
    expect(weightChangeFindings(series([80, 81.6]), setting(1.5))).toHaveLength(1);
  });
});

describe('programmes', () => {
  it('the latest procedure decides the defaults; no surgery is the general programme', () => {
    expect(programmeOf(null)).toBe('GENERAL');
    expect(programmeOf('TOTAL_KNEE_REPLACEMENT')).toBe('KNEE');
    expect(programmeOf('CORONARY_ARTERY_BYPASS_GRAFT')).toBe('CARDIAC');
    expect(PROGRAMME_THRESHOLD_DEFAULTS.GENERAL.SYSTOLIC_BP_HIGH.value).toBe(160);
    expect(PROGRAMME_THRESHOLD_DEFAULTS.CARDIAC.SYSTOLIC_BP_HIGH.value).toBe(150);
  });

  it('evaluates every rule of a participant at once', () => {
    const findings = evaluateThresholds(
      {
        systolic: series([170]),
        pain: series([9, 9, 9]),
        steps: [],
        weight: series([80, 83]),
        surgeryDate: null,
      },
      PROGRAMME_THRESHOLD_DEFAULTS.GENERAL,
    );
    expect(findings.map((finding) => finding.rule)).toEqual([
      'SYSTOLIC_BP_HIGH',
      'PAIN_HIGH_RUN',
      'WEIGHT_CHANGE',
    ]);
  });
});
