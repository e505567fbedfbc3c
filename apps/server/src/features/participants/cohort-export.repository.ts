import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import { latestSurgeryFirst, type LatestSurgery } from '#app/core/surgeries';
import { scheduleRowCteColumns, type ScheduleRow } from '#app/core/surveys/survey-schedule';
import { filterConditions, type ParticipantFilters } from './participant-list-filters';

/** Participants read per batch: the next batch is read once the client has taken this one. */
export const COHORT_BATCH_SIZE = 200;

/** A participant of the cohort with what the export writes of them. */
export interface CohortMember {
  id: number;
  firstName: string;
  lastName: string;
  mrn: string | null;
  birthDate: string | null;
  participantType: string | null;
  groupName: string | null;
  /** Their latest surgery (by date, then id), as the outcome programme reads it. */
  surgery: LatestSurgery | null;
  /** Their survey schedule, in listScheduleRows' order. */
  schedule: ScheduleRow[];
}

/**
 * One batch of the participants the list's filters hold, those after id `after` by id (keyset
 * paging, so a long export never holds more than one batch and never skips or repeats a
 * participant), with their latest surgery and survey schedule: one statement, which with
 * `audit` also writes the call's audit row (auditingQueryBuilder).
 */
export async function cohortBatch(
  db: Database,
  filters: ParticipantFilters,
  now: Date,
  page: { after: number; batchSize: number; audit?: AuditValues },
): Promise<CohortMember[]> {
  const batch = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      mrn: users.mrn,
      birthDate: users.birthDate,
      participantType: users.participantType,
      groupName: sql<string | null>`${userGroups.name}`.as('group_name'),
    })
    .from(users)
    // filterConditions reads participant_triage for 'not reviewed in N days'.
    .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(...filterConditions(filters, now), gt(users.id, page.after)))
    .orderBy(asc(users.id))
    .limit(page.batchSize)
    .as('batch');
  const latest = db
    .select({
      procedure: surgeries.procedure,
      side: surgeries.side,
      surgeryDate: surgeries.surgeryDate,
    })
    .from(surgeries)
    .where(eq(surgeries.userId, batch.id))
    .orderBy(...latestSurgeryFirst)
    .limit(1)
    .as('latest');
  const schedule = db
    .select(scheduleRowCteColumns)
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.userId, batch.id))
    .as('schedule');
  const builder = page.audit ? auditingQueryBuilder(db) : db;
  const rows = await builder
    .select({
      participant: batch._.selectedFields,
      surgery: latest._.selectedFields,
      row: schedule._.selectedFields,
    })
    .from(batch)
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(schedule, sql`true`)
    .orderBy(asc(batch.id), asc(schedule.title), asc(schedule.surveyId), asc(schedule.id))
    .execute(page.audit);
  const members: CohortMember[] = [];
  for (const { participant, surgery, row } of rows) {
    let member = members.at(-1);
    if (member?.id !== participant.id) {
      member = { ...participant, surgery, schedule: [] };
      members.push(member);
    }
    if (row) member.schedule.push(row);
  }
  return members;
}

/**
 * The cohort after participant `after`, a batch at a time (cohortBatch), each read only once
 * the one before has been taken.
 */
export async function* cohortBatches(
  db: Database,
  filters: ParticipantFilters,
  now: Date,
  batchSize: number = COHORT_BATCH_SIZE,
  after = 0,
): AsyncGenerator<CohortMember[]> {
  let cursor = after;
  for (;;) {
    const members = await cohortBatch(db, filters, now, { after: cursor, batchSize });
    if (members.length === 0) return;
    yield members;
    const last = members.at(-1);
    if (!last || members.length < batchSize) return;
    cursor = last.id;
  }
}
