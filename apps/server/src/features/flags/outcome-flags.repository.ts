import { and, asc, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { scheduleRowColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';

/** Participants with a survey submitted in (after, upTo], in id order. */
export async function participantsWithSubmissions(
  db: Database,
  window: { after: Date; upTo: Date },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: surveyResponses.userId })
    .from(surveyResponses)
    .where(
      and(
        gt(surveyResponses.submittedAt, window.after),
        lte(surveyResponses.submittedAt, window.upTo),
      ),
    )
    .orderBy(asc(surveyResponses.userId));
  return rows.map((row) => row.userId);
}

/** The submitted survey rows of these participants, by participant. */
export async function submittedSurveysOf(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, ScheduleRow[]>> {
  const byUser = new Map<number, ScheduleRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: surveyResponses.userId, ...scheduleRowColumns })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(
      and(inArray(surveyResponses.userId, [...userIds]), isNotNull(surveyResponses.submittedAt)),
    )
    .orderBy(asc(surveyResponses.userId), asc(surveys.title), asc(surveyResponses.id));
  for (const { userId, ...row } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(row);
    byUser.set(userId, list);
  }
  return byUser;
}
