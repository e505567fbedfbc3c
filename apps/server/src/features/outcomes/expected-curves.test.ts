import { describe, expect, it } from 'vitest';
import {
  EXPECTED_RECOVERY_CURVES,
  OUTCOME_SURVEY_TITLES,
  RECOVERY_PROGRAMMES,
} from '@recovery-portal/contract/outcomes';
import { SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Joint, TimelineParticipant } from '../../db/seed/programme-plan';
import { SURVEY_DEFINITIONS } from '../../db/seed/survey-definitions';
import { createSeedFaker } from '../../db/seed/seed-random';
import { generateSurveySchedule } from '../../db/seed/survey-schedule-generator';

const PARTICIPANTS = 2000;
const TODAY = new Date('2026-03-01T00:00:00Z');
// More than a year before TODAY, so every timepoint is in the past.
const SURGERY = new Date('2024-12-01T00:00:00Z');

/** Scores the demo generator produces per survey title and timepoint for one joint. */
function generatedScores(joint: Joint): Map<string, number[]> {
  const faker = createSeedFaker();
  const surveys = SURVEY_DEFINITIONS.map((definition, index) => ({ id: index + 1, definition }));
  const scores = new Map<string, number[]>();
  for (let seed = 1; seed <= PARTICIPANTS; seed += 1) {
    // Only the plan fields the schedule generator reads.
    const participant = {
      id: seed,
      plan: { seed, joint, surgeryDate: SURGERY, endDate: null },
    } as unknown as TimelineParticipant;
    for (const row of generateSurveySchedule(faker, participant, surveys, TODAY)) {
      const title = surveys[row.surveyId - 1]?.definition.title;
      if (row.score === null || !title) continue;
      const key = `${title}|${row.timepoint}`;
      const list = scores.get(key) ?? [];
      list.push(row.score);
      scores.set(key, list);
    }
  }
  return scores;
}

describe('expected recovery curves', () => {
  it('name only the programme questionnaires the demo generator knows', () => {
    const titles = SURVEY_DEFINITIONS.map((definition) => definition.title).sort();
    expect(Object.values(OUTCOME_SURVEY_TITLES).sort()).toEqual(titles);
  });

  it.each([
    ['KNEE', 'knee'],
    ['HIP', 'hip'],
    ['CARDIAC', 'heart'],
  ] as const)(
    'the %s curve matches what the generator produces for a typical participant',
    (programme, joint) => {
      const scores = generatedScores(joint);
      const curves = EXPECTED_RECOVERY_CURVES[programme];
      for (const [title, curve] of Object.entries(curves)) {
        for (const timepoint of SURVEY_TIMEPOINTS) {
          const values = scores.get(`${title}|${timepoint}`) ?? [];
          expect(values.length, `${title} ${timepoint}`).toBeGreaterThan(PARTICIPANTS * 0.7);
          const point = curve.points[timepoint];
          const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
          const range = curve.scale.max - curve.scale.min;
          // Within 1.5% of the scale of the generator's mean …
          expect(Math.abs(mean - point.expected), `${title} ${timepoint} mean`).toBeLessThan(
            range * 0.015,
          );
          // … and the band holds roughly the central 80% of participants.
          const inside = values.filter(
            (value) =>
              value >= point.expected - point.tolerance &&
              value <= point.expected + point.tolerance,
          ).length;
          const share = inside / values.length;
          expect(share, `${title} ${timepoint} band`).toBeGreaterThan(0.74);
          expect(share, `${title} ${timepoint} band`).toBeLessThan(0.88);
        }
      }
    },
  );

  it('every programme has a curve for the questionnaires every participant is asked', () => {
    for (const programme of RECOVERY_PROGRAMMES) {
      const titles = Object.keys(EXPECTED_RECOVERY_CURVES[programme]);
      expect(titles).toContain(OUTCOME_SURVEY_TITLES.promisGlobalHealth);
      expect(titles).toContain(OUTCOME_SURVEY_TITLES.painInterference);
    }
  });
});
