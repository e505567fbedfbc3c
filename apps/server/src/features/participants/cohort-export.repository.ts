import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { scheduleRowColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';
import { filterConditions, type ParticipantFilters } from './participant-list-filters';

/** Participants read per batch: the next batch is read once the client has taken this one. */
export const COHORT_BATCH_SIZE = 200;

/**
 * The participants the list's filters hold, by id, a batch at a time (keyset paging, so a long
 * export never holds more than one batch and never skips or repeats a participant).
 */
export async function* cohortBatches(
  db: Database,
  filters: ParticipantFilters,
  now: Date,
  batchSize: number = COHORT_BATCH_SIZE,
) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        mrn: users.mrn,
        birthDate: users.birthDate,
        participantType: users.participantType,
        groupName: userGroups.name,
      })
      .from(users)
      // filterConditions reads participant_triage for 'not reviewed in N days'.
      .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
      .leftJoin(userGroups, eq(userGroups.id, users.groupId))
      .where(and(...filterConditions(filters, now), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.id;
  }
}

/** The survey schedules of several participants, in listScheduleRows' order per participant. */
export async function scheduleRowsOf(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, ScheduleRow[]>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: surveyResponses.userId, ...scheduleRowColumns })
          .from(surveyResponses)
          .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
          .where(inArray(surveyResponses.userId, [...userIds]))
          .orderBy(asc(surveys.title), asc(surveys.id), asc(surveyResponses.id));
  const byUser = new Map<number, ScheduleRow[]>();
  for (const { userId, ...row } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(row);
    byUser.set(userId, list);
  }
  return byUser;
}
