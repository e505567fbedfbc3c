import { describe, expect, it } from 'vitest';
import { HOOS_JR, HOOS_JR_INTERVAL_SCORE } from './hoos-jr';
import { instrumentOf, scoreResponse } from './index';
import { KOOS_JR, KOOS_JR_INTERVAL_SCORE } from './koos-jr';
import {
  GLOBAL_MENTAL_HEALTH_T,
  GLOBAL_PHYSICAL_HEALTH_T,
  PROMIS_GLOBAL_HEALTH,
  recodeGlobal07,
} from './promis-global-health';
import { PAIN_INTERFERENCE_4A_T, PROMIS_PAIN_INTERFERENCE_4A } from './promis-pain-interference-4a';

/** Answers (option indexes) whose item scores add up to `raw`, filling items from the first. */
function answersSumming(raw: number, items: number, max = 4): number[] {
  return Array.from({ length: items }, (_, i) => Math.max(0, Math.min(max, raw - i * max)));
}

describe('KOOS JR (Lyman et al., Clin Orthop Relat Res 2016)', () => {
  it('converts the raw sum with the published interval-score table', () => {
    expect(KOOS_JR_INTERVAL_SCORE).toHaveLength(29);
    const anchors: [number, number][] = [
      [0, 100],
      [1, 91.975],
      [2, 84.6],
      [8, 65.994],
      [14, 52.465],
      [27, 8.291],
      [28, 0],
    ];
    for (const [raw, interval] of anchors) {
      expect(KOOS_JR.score(answersSumming(raw, 7))).toEqual([
        { measure: 'KOOS_JR', value: interval, reason: null },
      ]);
    }
  });

  it('gives no score when an item is unanswered or out of range, and says why', () => {
    expect(KOOS_JR.score([0, 1, null, 2, 0, 1, 1])[0]).toEqual({
      measure: 'KOOS_JR',
      value: null,
      reason: '1 item is unanswered.',
    });
    expect(KOOS_JR.score([0, 1, 7, 2, 0, -1, 1.5])[0]?.reason).toBe('3 items are unanswered.');
    expect(KOOS_JR.score([0, 1, 2])[0]?.reason).toMatch(/another form/);
  });
});

describe('HOOS JR (Lyman et al., Clin Orthop Relat Res 2016)', () => {
  it('converts the raw sum with its own table, not the knee one', () => {
    expect(HOOS_JR_INTERVAL_SCORE).toHaveLength(25);
    const anchors: [number, number][] = [
      [0, 100],
      [1, 92.34],
      [2, 85.257],
      [8, 64.664],
      [23, 8.104],
      [24, 0],
    ];
    for (const [raw, interval] of anchors) {
      expect(HOOS_JR.score(answersSumming(raw, 6))[0]?.value).toBe(interval);
    }
  });

  it('gives no score for an incomplete response', () => {
    expect(HOOS_JR.score([0, 0, 0, 0, 0, null])[0]?.value).toBeNull();
  });
});

describe('PROMIS Global Health v1.2 (HealthMeasures scoring manual)', () => {
  it('recodes the 0–10 pain item before summing', () => {
    expect([0, 1, 3, 4, 6, 7, 9, 10].map(recodeGlobal07)).toEqual([5, 4, 4, 3, 3, 2, 2, 1]);
  });

  it('has the published anchors of both summary tables', () => {
    expect(GLOBAL_PHYSICAL_HEALTH_T[4]).toBe(16.2);
    expect(GLOBAL_PHYSICAL_HEALTH_T[5]).toBe(19.9);
    expect(GLOBAL_PHYSICAL_HEALTH_T[13]).toBe(42.3);
    expect(GLOBAL_PHYSICAL_HEALTH_T[20]).toBe(67.7);
    expect(GLOBAL_MENTAL_HEALTH_T[4]).toBe(21.2);
    expect(GLOBAL_MENTAL_HEALTH_T[15]).toBe(50.8);
    expect(GLOBAL_MENTAL_HEALTH_T[20]).toBe(67.6);
  });

  it('scores GPH and GMH from their own items of the ten', () => {
    expect(PROMIS_GLOBAL_HEALTH.questions).toHaveLength(10);
    // Best answer everywhere, pain 0: both raw sums are 20.
    expect(PROMIS_GLOBAL_HEALTH.score([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([
      { measure: 'PROMIS_GPH', value: 67.7, reason: null },
      { measure: 'PROMIS_GMH', value: 67.6, reason: null },
    ]);
    // Global03 Good (3), Global06 Moderately (3), pain 5 → 3, fatigue Mild (4): GPH raw 13.
    // Global02 Fair (2), Global04 Good (3), Global05 Very good (4), Global10r Sometimes (3): 12.
    // Global01 and Global09r (Poor) count in neither.
    const answers = [4, 3, 2, 2, 1, 4, 2, 2, 1, 5];
    expect(PROMIS_GLOBAL_HEALTH.score(answers)).toEqual([
      { measure: 'PROMIS_GPH', value: 42.3, reason: null },
      { measure: 'PROMIS_GMH', value: 43.5, reason: null },
    ]);
  });

  it('scores each summary only when all four of its items are answered', () => {
    const [gph, gmh] = PROMIS_GLOBAL_HEALTH.score([0, 0, 0, 0, 0, 0, 0, 0, 0, null]);
    expect(gph).toEqual({ measure: 'PROMIS_GPH', value: null, reason: '1 item is unanswered.' });
    expect(gmh?.value).toBe(67.6);
    // The earlier in-house seven-question form is not the instrument.
    expect(PROMIS_GLOBAL_HEALTH.score([0, 0, 0, 0, 0, 0, 0])[0]?.reason).toMatch(/another form/);
  });
});

describe('PROMIS Pain Interference 4a (HealthMeasures scoring manual)', () => {
  it('converts the raw sum 4–20 with the published table', () => {
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([0, 0, 0, 0])[0]?.value).toBe(41.6);
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([1, 0, 0, 0])[0]?.value).toBe(49.6);
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([2, 2, 2, 2])[0]?.value).toBe(61.2);
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([4, 4, 4, 4])[0]?.value).toBe(75.6);
    expect(PAIN_INTERFERENCE_4A_T[10]).toBe(58.5);
  });

  it('prorates with half the items answered, rounding up, and refuses fewer', () => {
    // Two answered, item scores 2 + 3 = 5 → 5 × 4 / 2 = 10.
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([1, null, 2, null])[0]?.value).toBe(58.5);
    // Three answered, 1 + 1 + 2 = 4 → 4 × 4 / 3 = 5.33, rounded up to 6.
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([0, 0, 1, null])[0]?.value).toBe(52.0);
    expect(PROMIS_PAIN_INTERFERENCE_4A.score([0, null, null, null])[0]).toEqual({
      measure: 'PROMIS_PI_4A',
      value: null,
      reason: 'Only 1 of 4 items are answered; the scoring manual needs at least half.',
    });
  });
});

describe('scoreResponse', () => {
  it('finds the instrument by its stored title and ignores other questionnaires', () => {
    expect(instrumentOf('KOOS JR Knee Survey')).toBe(KOOS_JR);
    expect(scoreResponse('KOOS JR Knee Survey', [1, 1, 1, 1, 1, 1, 2])[0]?.value).toBe(65.994);
    expect(scoreResponse('PROMIS Global Health', [0, 0, 0, 0, 0, 0, 0])).toEqual([]);
  });

  it('treats stored answers that are not numbers as unanswered', () => {
    expect(scoreResponse('KOOS JR Knee Survey', ['1', 1, 1, 1, 1, 1, 2])[0]?.value).toBeNull();
    expect(scoreResponse('KOOS JR Knee Survey', { 0: 1 })[0]?.reason).toMatch(/another form/);
    expect(scoreResponse('KOOS JR Knee Survey', null)[0]?.value).toBeNull();
  });
});
