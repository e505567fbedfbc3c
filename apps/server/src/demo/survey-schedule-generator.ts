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

/**
 * How unwell (0 best, 1 worst) participants report at each timepoint, item by item; hip
 * patients recover faster than knee patients. These are demo levels, not clinical data: the
 * portal holds scores against the published MCID and PASS (contract instruments.ts), never
 * against these.
 */
const SEVERITY_AT: Record<Joint, Record<SurveyTimepoint, number>> = {
  knee: { PRE_OP: 0.58, WEEK_6: 0.42, MONTH_3: 0.26, MONTH_6: 0.19, MONTH_12: 0.15 },
  hip: { PRE_OP: 0.6, WEEK_6: 0.3, MONTH_3: 0.15, MONTH_6: 0.08, MONTH_12: 0.06 },
  heart: { PRE_OP: 0.5, WEEK_6: 0.42, MONTH_3: 0.3, MONTH_6: 0.24, MONTH_12: 0.2 },
};

/** A participant who does not improve: scores stay close to where they were before surgery. */
const NOT_IMPROVING_SEVERITY_AT: Record<SurveyTimepoint, number> = {
  PRE_OP: 0.62,
  WEEK_6: 0.6,
  MONTH_3: 0.57,
  MONTH_6: 0.55,
  MONTH_12: 0.53,
};

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
  const severityAt = plan.slowRecovery ? NOT_IMPROVING_SEVERITY_AT : SEVERITY_AT[plan.joint];
  // How this participant sits against others, the same in every questionnaire they answer.
  faker.seed([plan.seed, 0, STREAM.surveys, 2]);
  const offset = gaussian(faker, 0, 0.05);
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
      const level = clamp(gaussian(faker, severityAt[timepoint] + offset, 0.05), 0, 1);
      const answers = survey.definition.questions.map((q) =>
        Math.round(
          clamp(gaussian(faker, level * (q.options.length - 1), 0.55), 0, q.options.length - 1),
        ),
      );
      row.submittedAt = atMinute(day, faker.number.int({ min: 8 * 60, max: 21 * 60 }));
      row.answers = answers;
      // The stored score is the instrument's first published score (GPH for PROMIS Global
      // Health); the portal always derives every score from the answers.
      row.score = survey.definition.instrument.score(answers)[0]?.value ?? null;
    });
  });
  return rows;
}
