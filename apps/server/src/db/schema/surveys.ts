import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
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

/**
 * The scores the outcome aggregates read: one row per participant, measure and timepoint, from
 * the preferred response (the latest submitted, as the chart shows it). Never written by the
 * application: triggers on survey_responses mirror its `scores` here in the same statement
 * (migration `outcome-scores-table`), so every writer (seed, simulation, tests, a future submission) keeps it.
 */
export const outcomeScores = pgTable(
  'outcome_scores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: text('measure').$type<Measure>().notNull(),
    timepoint: surveyTimepointEnum('timepoint').notNull(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    // Double precision: the score exactly as the instrument module gave it.
    value: doublePrecision('value').notNull(),
    generated: boolean('generated').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.measure, table.timepoint] }),
    // Aggregates of one measure and timepoint read only their rows.
    index('outcome_scores_measure_idx').on(table.measure, table.timepoint, table.userId),
  ],
);
