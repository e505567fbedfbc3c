import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { scheduleRowColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';
import { filterConditions, type ParticipantFilters } from './participant-list.repository';

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

/** A participant's latest surgery: what decides their programme and what the export names. */
export interface LatestSurgery {
  procedure: SurgeryProcedure;
  side: SurgerySide;
  surgeryDate: string;
}

/** Each participant's latest surgery (by date, then id), as the outcome programme reads it. */
export async function latestSurgeriesOf(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, LatestSurgery>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([surgeries.userId], {
      userId: surgeries.userId,
      procedure: surgeries.procedure,
      side: surgeries.side,
      surgeryDate: surgeries.surgeryDate,
    })
    .from(surgeries)
    .where(inArray(surgeries.userId, [...userIds]))
    .orderBy(surgeries.userId, desc(surgeries.surgeryDate), desc(surgeries.id));
  return new Map(rows.map(({ userId, ...surgery }) => [userId, surgery]));
}
