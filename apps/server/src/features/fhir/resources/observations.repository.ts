import { and, asc, count, eq, gt, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { isoInstant } from '#app/db/iso-instant';
import { qualifiedColumn } from '#app/db/qualified-column';
import { measurements } from '#app/db/schema/measurements';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import type { ScheduledSurveyRow } from '#app/core/surveys/scheduled-surveys';
import { DIASTOLIC_CODE, SYSTOLIC_CODE } from './codes';

/** When a measurement last changed for FHIR: when stored, or (generated in bulk) measured. */
export const measurementUpdatedAt = sql`coalesce(${measurements.storedAt}, ${measurements.measuredAt})`;

/** Its instants as the resource writes them: a bulk export reads millions of them. */
const MEASUREMENT_COLUMNS = {
  id: measurements.id,
  userId: measurements.userId,
  code: measurements.code,
  value: measurements.value,
  unit: measurements.unit,
  measuredAt: isoInstant(measurements.measuredAt),
  source: measurements.source,
  lastUpdated: isoInstant(measurementUpdatedAt),
};

/** Single measurements: everything but the blood-pressure components, which form panels. */
export const singleMeasurement = notInArray(measurements.code, [SYSTOLIC_CODE, DIASTOLIC_CODE]);

export type MeasurementRow = Awaited<ReturnType<typeof pageMeasurements>>[number];

export function pageMeasurements(
  db: Database,
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
) {
  return db
    .select(MEASUREMENT_COLUMNS)
    .from(measurements)
    .where(
      and(singleMeasurement, where, afterId === null ? undefined : gt(measurements.id, afterId)),
    )
    .orderBy(asc(measurements.id))
    .limit(limit);
}

export async function countMeasurements(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(measurements)
    .where(and(singleMeasurement, where));
  return row?.n ?? 0;
}

/**
 * A systolic reading with the diastolic one of the same participant and instant (found through
 * measurements_user_code_time_idx): one blood-pressure panel, keyed by the systolic row's id.
 */
export function pageBloodPressure(
  db: Database,
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
) {
  return db
    .select({
      ...MEASUREMENT_COLUMNS,
      diastolic: sql<number | null>`(select d.value from ${measurements} d
        where d.user_id = ${qualifiedColumn(measurements, measurements.userId)}
          and d.code = ${DIASTOLIC_CODE}
          and d.measured_at = ${qualifiedColumn(measurements, measurements.measuredAt)}
        order by d.id limit 1)`,
    })
    .from(measurements)
    .where(
      and(
        eq(measurements.code, SYSTOLIC_CODE),
        where,
        afterId === null ? undefined : gt(measurements.id, afterId),
      ),
    )
    .orderBy(asc(measurements.id))
    .limit(limit);
}
export type BloodPressureRow = Awaited<ReturnType<typeof pageBloodPressure>>[number];

export async function countBloodPressure(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(measurements)
    .where(and(eq(measurements.code, SYSTOLIC_CODE), where));
  return row?.n ?? 0;
}

/** Submitted responses: the ones with a score or answers to show. */
export const submittedResponse = and(
  isNotNull(surveyResponses.submittedAt),
  eq(surveyResponses.notApplicable, false),
);

/**
 * Survey responses in the surveys feature's row shape, so their score and answers are read
 * through its toSurveyResponse rather than derived again here. A page's responses to one
 * survey share its questions, parsed once: parsing them for every response was most of what a
 * bulk export of responses cost.
 */
export async function pageSurveyResponses(
  db: Database,
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
): Promise<(ScheduledSurveyRow & { userId: number; storedAt: Date | null })[]> {
  const rows = await db
    .select({
      id: surveyResponses.id,
      userId: surveyResponses.userId,
      surveyId: surveys.id,
      title: surveys.title,
      description: surveys.description,
      questionsJson: sql<string>`${surveys.questions}::text`,
      timepoint: surveyResponses.timepoint,
      targetDate: surveyResponses.targetDate,
      submittedAt: surveyResponses.submittedAt,
      answers: surveyResponses.answers,
      score: surveyResponses.score,
      notApplicable: surveyResponses.notApplicable,
      storedAt: surveyResponses.storedAt,
    })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(
      and(submittedResponse, where, afterId === null ? undefined : gt(surveyResponses.id, afterId)),
    )
    .orderBy(asc(surveyResponses.id))
    .limit(limit);
  const questionsOf = new Map<number, ScheduledSurveyRow['questions']>();
  return rows.map(({ questionsJson, ...row }) => {
    let questions = questionsOf.get(row.surveyId);
    if (questions === undefined) {
      questions = JSON.parse(questionsJson) as ScheduledSurveyRow['questions'];
      questionsOf.set(row.surveyId, questions);
    }
    return { ...row, questions };
  });
}
export type SurveyResponseRow = Awaited<ReturnType<typeof pageSurveyResponses>>[number];

export async function countSurveyResponses(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(and(submittedResponse, where));
  return row?.n ?? 0;
}
