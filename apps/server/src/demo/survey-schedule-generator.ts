import type { Faker } from '@faker-js/faker';
import {
  SURVEY_TIMEPOINTS,
  SURVEY_TIMEPOINT_OFFSET_DAYS,
  type SurveyTimepoint,
} from '@recovery-portal/contract/surveys';
import type { Joint } from '#app/core/surveys/programme-surveys';
import type { TimelineParticipant } from './programme-plan';
import { addDays, atMinute, dayNumber, isoDate } from './seed-dates';
import { chance, clamp, gaussian, STREAM } from './seed-random';
import type { StoredSurvey } from '#app/core/surveys/programme-surveys';
import type { SurveyResponseRow } from './timeline-types';
import { storedScoresOf } from '#app/core/surveys/stored-scores';

/** How unwell (0 best, 1 worst) a participant answers, as a mean and spread across patients. */
interface Level {
  mean: number;
  sd: number;
}

/**
 * The demo's recovery per joint. `preOp` and `atTwelveMonths` are item levels chosen so that the
 * KOOS JR comes out as published (before surgery 51.6 ± 11.5, 1-2 years 85.1 ± 13.8: registry,
 * Bone & Joint Open 2022); no HOOS JR means were found, so hip patients start alike and end
 * where about one in five misses the PASS (Kunze et al. 2022: 16.9%). A mean below 0 puts most
 * hip patients at the best answers a year on, the HOOS JR's ceiling. `gainShare`
 * is the share of the 12-month gain made by each timepoint: most by 3 months and 85-93% by 6
 * (Canfield et al., Arthroplasty Today 2019; Kagan et al., J Arthroplasty 2018: 68% by 3 months,
 * 90% by 6), faster after hip replacement (HOOS Pain and ADL, World J Orthop 2024 Table 2: about
 * 72% by 6 weeks, 85% by 3 months, 93% by 6). `survey-schedule-generator.test.ts` names the figure
 * behind each number and checks that the generated scores reproduce them.
 */
export const DEMO_RECOVERY: Record<
  Joint,
  { preOp: Level; atTwelveMonths: Level; gainShare: Record<SurveyTimepoint, number> }
> = {
  knee: {
    preOp: { mean: 0.5, sd: 0.15 },
    atTwelveMonths: { mean: 0.0, sd: 0.1 },
    gainShare: { PRE_OP: 0, WEEK_6: 0.35, MONTH_3: 0.68, MONTH_6: 0.9, MONTH_12: 1 },
  },
  hip: {
    preOp: { mean: 0.5, sd: 0.15 },
    atTwelveMonths: { mean: -0.04, sd: 0.1 },
    gainShare: { PRE_OP: 0, WEEK_6: 0.72, MONTH_3: 0.85, MONTH_6: 0.93, MONTH_12: 1 },
  },
  heart: {
    preOp: { mean: 0.45, sd: 0.12 },
    atTwelveMonths: { mean: 0.22, sd: 0.1 },
    gainShare: { PRE_OP: 0, WEEK_6: 0.35, MONTH_3: 0.68, MONTH_6: 0.9, MONTH_12: 1 },
  },
};

/**
 * Share of the usual gain a participant who does not improve makes: little, so that with the
 * noise of item answers they miss the MCID and the PASS (NOT_IMPROVING_SHARE says how many).
 */
export const NOT_IMPROVING_GAIN = 0.2;

/** Spread of one timepoint's level around the participant's course (day-to-day variation). */
const TIMEPOINT_NOISE = 0.04;
/** Spread of one item's answer around the level, in option steps. */
const ITEM_NOISE = 0.45;

/**
 * The participant's survey schedule: every questionnaire that fits them at the five timepoints,
 * dated from surgery. Past ones are mostly submitted, some overdue or not applicable; today's
 * and future ones are pending.
 */
export function generateSurveySchedule(
  faker: Faker,
  participant: TimelineParticipant,
  surveys: readonly StoredSurvey[],
  today: Date,
): SurveyResponseRow[] {
  const { plan } = participant;
  const rows: SurveyResponseRow[] = [];
  const lastActiveDay = plan.endDate ?? addDays(today, -1);
  const fitting = surveys.filter((s) => s.definition.joints.includes(plan.joint));
  const recovery = DEMO_RECOVERY[plan.joint];
  // The participant's own course, the same in every questionnaire they answer.
  faker.seed([plan.seed, 0, STREAM.surveys, 2]);
  const before = clamp(gaussian(faker, recovery.preOp.mean, recovery.preOp.sd), 0.05, 0.95);
  const usualAfter = clamp(
    gaussian(faker, recovery.atTwelveMonths.mean, recovery.atTwelveMonths.sd),
    0,
    before,
  );
  const gain = (before - usualAfter) * (plan.slowRecovery ? NOT_IMPROVING_GAIN : 1);
  const levelAt = (timepoint: SurveyTimepoint) => before - gain * recovery.gainShare[timepoint];
  fitting.forEach((survey, surveyIndex) => {
    SURVEY_TIMEPOINTS.forEach((timepoint, timepointIndex) => {
      faker.seed([plan.seed, surveyIndex * 10 + timepointIndex, STREAM.surveys]);
      const target = addDays(plan.surgeryDate, SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint]);
      const row: SurveyResponseRow = {
        userId: participant.id,
        surveyId: survey.id,
        timepoint,
        targetDate: isoDate(target),
        submittedAt: null,
        answers: null,
        score: null,
        scores: null,
        notApplicable: false,
      };
      rows.push(row);
      if (dayNumber(target) >= dayNumber(today)) return;
      const state = chance(faker, 0.05) ? 'na' : chance(faker, 0.84) ? 'submitted' : 'overdue';
      if (state === 'na') {
        row.notApplicable = true;
        return;
      }
      // Submitted within a few days of the target, and never after the participant stopped.
      const submittedDay = addDays(target, faker.number.int({ min: 0, max: 4 }));
      if (state === 'overdue' || dayNumber(target) > dayNumber(lastActiveDay)) return;
      const day = dayNumber(submittedDay) > dayNumber(lastActiveDay) ? target : submittedDay;
      const level = clamp(gaussian(faker, levelAt(timepoint), TIMEPOINT_NOISE), 0, 1);
      const answers = survey.definition.questions.map((q) =>
        Math.round(
          clamp(
            gaussian(faker, level * (q.options.length - 1), ITEM_NOISE),
            0,
            q.options.length - 1,
          ),
        ),
      );
      row.submittedAt = atMinute(day, faker.number.int({ min: 8 * 60, max: 21 * 60 }));
      row.answers = answers;
      // The stored score is the instrument's first published score (GPH for PROMIS Global
      // Health); the portal always derives every score from the answers.
      row.score = survey.definition.instrument.score(answers)[0]?.value ?? null;
      row.scores = storedScoresOf(survey.definition.title, answers);
    });
  });
  return rows;
}
