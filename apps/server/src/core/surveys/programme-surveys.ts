import { inArray } from 'drizzle-orm';
import type { SurveyQuestion } from '@recovery-portal/contract/surveys';
import type { Database } from '#app/db/client';
import { surveys as surveysTable } from '#app/db/schema/surveys';
import { HOOS_JR } from '#app/core/surveys/instruments/hoos-jr';
import type { Instrument } from '#app/core/surveys/instruments/instrument';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { PROMIS_GLOBAL_HEALTH } from '#app/core/surveys/instruments/promis-global-health';
import { PROMIS_PAIN_INTERFERENCE_4A } from '#app/core/surveys/instruments/promis-pain-interference-4a';

/**
 * The programme's questionnaires are product data: a recorded surgery schedules them, and the
 * demo seed and the simulation answer them.
 */

/** Which body system a procedure works on, and so which questionnaires its patients get. */
export type Joint = 'knee' | 'hip' | 'heart';

/** A questionnaire of the programme: a published instrument and who is asked to fill it in. */
export interface SurveyDefinition {
  title: string;
  description: string;
  questions: SurveyQuestion[];
  joints: readonly Joint[];
  instrument: Instrument;
}

function definition(instrument: Instrument, joints: readonly Joint[]): SurveyDefinition {
  const { title, description, questions } = instrument;
  return { title, description, questions, joints, instrument };
}

/**
 * The programme's questionnaires: the joint-specific score for knee and hip patients, and the
 * generic PROMIS measures for everyone. In every item the first option is the best state, so
 * the generator can draw answers from one 'how unwell' level per timepoint.
 */
export const SURVEY_DEFINITIONS: readonly SurveyDefinition[] = [
  definition(KOOS_JR, ['knee']),
  definition(HOOS_JR, ['hip']),
  definition(PROMIS_GLOBAL_HEALTH, ['knee', 'hip', 'heart']),
  definition(PROMIS_PAIN_INTERFERENCE_4A, ['knee', 'hip', 'heart']),
];

/**
 * In-house forms of earlier versions, still in databases seeded then: 'PROMIS Global Health' had
 * 7 of the instrument's 10 items and 'Pain Interference' 6 items of no published short form.
 * Their answers stay on record, unscored; no new surgery schedules them.
 */
export const RETIRED_SURVEY_TITLES: readonly string[] = [
  'PROMIS Global Health',
  'Pain Interference',
];

/** A questionnaire as stored, with its database id. */
export interface StoredSurvey {
  id: number;
  definition: SurveyDefinition;
}

/** Creates the questionnaires if missing and returns them with their ids. */
export async function ensureSurveys(db: Database): Promise<StoredSurvey[]> {
  await db
    .insert(surveysTable)
    .values(
      SURVEY_DEFINITIONS.map(({ title, description, questions }) => ({
        title,
        description,
        questions,
      })),
    )
    .onConflictDoNothing();
  const titles = SURVEY_DEFINITIONS.map((d) => d.title);
  const rows = await db
    .select({ id: surveysTable.id, title: surveysTable.title })
    .from(surveysTable)
    .where(inArray(surveysTable.title, titles));
  const ids = new Map(rows.map((r) => [r.title, r.id]));
  return SURVEY_DEFINITIONS.flatMap((definition) => {
    const id = ids.get(definition.title);
    return id === undefined ? [] : [{ id, definition }];
  });
}
