import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Measure } from '@recovery-portal/contract/instruments';
import { SURVEY_TIMEPOINTS, type SurveyQuestion } from '@recovery-portal/contract/surveys';
import { users } from './users';

export const surveyTimepointEnum = pgEnum('survey_timepoint', SURVEY_TIMEPOINTS);

/** A questionnaire (e.g. KOOS JR) with its questions and answer options. */
export const surveys = pgTable('surveys', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  description: text('description').notNull(),
  questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
});

/**
 * One scheduled survey for one participant at one timepoint. `answers` holds the index of the
 * chosen option per question and is the record: the portal derives every published score from
 * it (core/surveys/instruments). `score` keeps the instrument's first score as written when
 * submitted; notApplicable marks an 'NA' timepoint. `scores` holds every scorable published
 * score by measure, derived from the answers by the same modules when they are written, so that
 * the database can aggregate them (cohort bands, programme outcomes); null until derived.
 * `generated` marks answers written by the demo generator (seed or simulation), not a patient.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    timepoint: surveyTimepointEnum('timepoint').notNull(),
    targetDate: date('target_date').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answers: jsonb('answers').$type<(number | null)[]>(),
    score: real('score'),
    scores: jsonb('scores').$type<Partial<Record<Measure, number>>>(),
    notApplicable: boolean('not_applicable').notNull().default(false),
    generated: boolean('generated').notNull().default(false),
    /** When the answers were stored, if later than submitted (an app that was offline). */
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (table) => [
    index('survey_responses_user_idx').on(table.userId, table.surveyId, table.timepoint),
    // The triage scan reads the responses submitted since its last run.
    index('survey_responses_submitted_idx').on(table.submittedAt),
    // Answers whose scores are not derived yet (written before scores were stored).
    index('survey_responses_unscored_idx')
      .on(table.id)
      .where(sql`${table.submittedAt} is not null and ${table.scores} is null`),
  ],
);
