import { describe, expect, it } from 'vitest';
import { scoreResponse } from '#app/core/surveys/instruments/index';
import { outcomeFindings } from '#app/features/flags/outcome-rules';
import type { ScheduleRow } from '#app/core/surveys/survey-schedule';
import { isNotImproving, NOT_IMPROVING_SHARE, type TimelineParticipant } from './programme-plan';
import { createSeedFaker } from './seed-random';
import { SURVEY_DEFINITIONS, type Joint } from '#app/core/surveys/programme-surveys';
import { generateSurveySchedule } from './survey-schedule-generator';

const PARTICIPANTS = 600;
const TODAY = new Date('2026-03-01T00:00:00Z');
// More than a year before TODAY, so every timepoint is in the past.
const SURGERY = new Date('2024-12-01T00:00:00Z');
const surveys = SURVEY_DEFINITIONS.map((definition, index) => ({ id: index + 1, definition }));

/** Each generated participant's survey rows, as the portal reads them back. */
function generate(joint: Joint): ScheduleRow[][] {
  const faker = createSeedFaker();
  return Array.from({ length: PARTICIPANTS }, (_, index) => {
    const seed = index + 1;
    // Only the plan fields the schedule generator reads.
    const participant = {
      id: seed,
      plan: {
        seed,
        joint,
        surgeryDate: SURGERY,
        endDate: null,
        slowRecovery: isNotImproving(faker, seed),
      },
    } as unknown as TimelineParticipant;
    return generateSurveySchedule(faker, participant, surveys, TODAY).map((row, rowIndex) => {
      const definition = surveys[row.surveyId - 1]?.definition;
      return {
        id: rowIndex + 1,
        surveyId: row.surveyId,
        title: definition?.title ?? '',
        description: definition?.description ?? '',
        timepoint: row.timepoint,
        targetDate: row.targetDate,
        submittedAt: row.submittedAt,
        answers: row.answers,
        notApplicable: row.notApplicable,
      };
    });
  });
}

describe('the demo survey answers', () => {
  it('ask knee patients KOOS JR and hip patients HOOS JR, with the PROMIS measures for all', () => {
    const titlesOf = (joint: Joint) =>
      SURVEY_DEFINITIONS.filter((d) => d.joints.includes(joint)).map((d) => d.title);
    expect(titlesOf('knee')).toEqual([
      'KOOS JR Knee Survey',
      'PROMIS Global Health v1.2',
      'PROMIS Pain Interference 4a',
    ]);
    expect(titlesOf('hip')).toEqual([
      'HOOS JR Hip Survey',
      'PROMIS Global Health v1.2',
      'PROMIS Pain Interference 4a',
    ]);
    expect(titlesOf('heart')).toEqual(['PROMIS Global Health v1.2', 'PROMIS Pain Interference 4a']);
  });

  it('answer every item within its options, and store the score the instrument gives', () => {
    const faker = createSeedFaker();
    const participant = {
      id: 1,
      plan: { seed: 7, joint: 'knee', surgeryDate: SURGERY, endDate: null },
    } as unknown as TimelineParticipant;
    const submitted = generateSurveySchedule(faker, participant, surveys, TODAY).filter(
      (row) => row.submittedAt,
    );
    expect(submitted.length).toBeGreaterThan(5);
    for (const row of submitted) {
      const definition = surveys[row.surveyId - 1]!.definition;
      expect(row.answers).toHaveLength(definition.questions.length);
      row.answers!.forEach((answer, i) => {
        expect(answer).toBeGreaterThanOrEqual(0);
        expect(answer).toBeLessThan(definition.questions[i]!.options.length);
      });
      expect(row.score).toBe(scoreResponse(definition.title, row.answers)[0]?.value);
    }
  });

  it.each(['knee', 'hip'] as const)(
    'most %s patients improve, and a realistic share is flagged as not improving',
    (joint) => {
      const participants = generate(joint);
      const flagged = participants.filter((rows) =>
        outcomeFindings(rows).some((finding) => /^(KOOS|HOOS)_JR$/.test(finding.measure)),
      ).length;
      const share = flagged / PARTICIPANTS;
      // The non-improvers are NOT_IMPROVING_SHARE of participants; some improvers also fall
      // short of the MCID or PASS, as in the cohorts the thresholds come from.
      expect(NOT_IMPROVING_SHARE).toBe(0.15);
      expect(share).toBeGreaterThan(0.08);
      expect(share).toBeLessThan(0.35);
    },
  );
});
