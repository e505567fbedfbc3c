import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { PainLogSource } from '@recovery-portal/contract/pain';
import type { SimulationEnrolment, SimulationProgram } from '@recovery-portal/contract/simulation';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { qualifiedColumn } from '#app/db/qualified-column';
import { participantActivity } from '#app/db/schema/activity';
import { clinicalRecords } from '#app/db/schema/clinical-records';
import { conversations } from '#app/db/schema/conversations';
import { digitalTwins, markerMemberships, segments } from '#app/db/schema/digital-twin';
import { imagingFiles } from '#app/db/schema/imaging';
import { measurements } from '#app/db/schema/measurements';
import { nudges } from '#app/db/schema/nudges';
import { painLogs } from '#app/db/schema/pain';
import {
  simulationEnrolments,
  simulationPrograms,
  simulationState,
} from '#app/db/schema/simulation';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';

/** Namespace of the per-participant enrolment lock. */
const ENROLMENT_LOCK_NAMESPACE = 4_211_980;

const programColumns = {
  id: simulationPrograms.id,
  code: simulationPrograms.code,
  name: simulationPrograms.name,
  description: simulationPrograms.description,
  duration_days: simulationPrograms.durationDays,
  procedure: simulationPrograms.procedure,
};

export async function findProgram(db: Database, id: number): Promise<SimulationProgram | null> {
  const [row] = await db
    .select(programColumns)
    .from(simulationPrograms)
    .where(eq(simulationPrograms.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The simulation clock's pinned day (null when it follows today) and the programmes, read by the
 * statement that writes the call's audit row; one row per programme, or one without any. Always
 * the same statement, so it is prepared once and kept.
 */
const auditedStateStatement = preparedOutsideTransactions((db) =>
  auditingQueryBuilder(db)
    .select({
      pinned:
        sql`(select ${simulationState.currentRunDate} from ${simulationState} where ${simulationState.id} = 1)`.mapWith(
          simulationState.currentRunDate,
        ),
      program: programColumns,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(simulationPrograms, sql`true`)
    .orderBy(asc(simulationPrograms.id))
    .prepare('simulation_state_audited'),
);

export async function auditedState(
  db: Database,
  audit: AuditValues,
): Promise<{ pinned: string | null; programs: SimulationProgram[] }> {
  const rows = await auditedStateStatement(db).execute(audit);
  return {
    pinned: rows[0]?.pinned ?? null,
    programs: rows.flatMap((row) => (row.program ? [row.program] : [])),
  };
}

/** The simulation clock's pinned day, or null when it follows today. */
export async function pinnedRunDate(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ day: simulationState.currentRunDate })
    .from(simulationState)
    .where(eq(simulationState.id, 1))
    .limit(1);
  return row?.day ?? null;
}

/** An enrolment's columns, its programme's among them (null for a participant not enrolled). */
const enrolmentColumns = {
  program: programColumns,
  user_id: simulationEnrolments.userId,
  enrolledAt: simulationEnrolments.enrolledAt,
  start_date: simulationEnrolments.startDate,
  surgery_date: simulationEnrolments.surgeryDate,
  surgery_id: simulationEnrolments.surgeryId,
  current_run_date: simulationEnrolments.currentRunDate,
};

/**
 * The participant's enrolment in one statement with the call's audit row
 * (core/audit/participant-read.ts): no row for no participant, a row without an enrolment for one
 * not enrolled. Always the same statement, so it is prepared once and kept.
 */
const auditedEnrolmentStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  return db
    .with(participant, participantAudit(db, participant))
    .select(enrolmentColumns)
    .from(participant)
    .leftJoin(simulationEnrolments, eq(simulationEnrolments.userId, participant.id))
    .leftJoin(simulationPrograms, eq(simulationPrograms.id, simulationEnrolments.programId))
    .prepare('participant_simulation_enrolment_audited');
});

/** A row of enrolmentColumns as the left joins read it: every column may be null. */
type EnrolmentRow = Awaited<
  ReturnType<ReturnType<typeof auditedEnrolmentStatement>['execute']>
>[number];

/** The enrolment of a row read with enrolmentColumns, or null when it holds none. */
function toEnrolment(row: EnrolmentRow | undefined): SimulationEnrolment | null {
  if (!row?.program || row.user_id === null || row.enrolledAt === null) return null;
  const { enrolledAt, program, user_id, start_date, surgery_date, surgery_id, current_run_date } =
    row;
  if (start_date === null || surgery_date === null || current_run_date === null) return null;
  return {
    program,
    user_id,
    enrolled_at: enrolledAt.toISOString(),
    start_date,
    surgery_date,
    surgery_id,
    current_run_date,
  };
}

export async function findEnrolment(
  db: Database,
  userId: number,
): Promise<SimulationEnrolment | null> {
  const [row] = await db
    .select(enrolmentColumns)
    .from(simulationEnrolments)
    .innerJoin(simulationPrograms, eq(simulationPrograms.id, simulationEnrolments.programId))
    .where(eq(simulationEnrolments.userId, userId))
    .limit(1);
  return toEnrolment(row);
}

/** The participant's enrolment or null, read with the call's audit row; 404 for no participant. */
export async function auditedEnrolment(
  db: Database,
  participantId: number,
  audit: AuditValues,
): Promise<SimulationEnrolment | null> {
  const [row] = participantRows(
    await auditedEnrolmentStatement(db).execute({ ...audit, participantId }),
    participantId,
  );
  return toEnrolment(row);
}

/** Serialises enrolments of one participant until the transaction ends. */
export async function lockEnrolment(db: Database, userId: number): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${ENROLMENT_LOCK_NAMESPACE}::int, ${userId}::int)`,
  );
}

export async function insertEnrolment(
  db: Database,
  values: {
    userId: number;
    programId: number;
    surgeryId: number;
    enrolledBy: number | null;
    startDate: string;
    surgeryDate: string;
    currentRunDate: string;
  },
): Promise<void> {
  await db.insert(simulationEnrolments).values(values);
}

/**
 * Pain reports that mirror generated pain check-ins: the demo seed's (PARTICIPANT) and an earlier
 * simulation's. A clinician's report is CLINICIAN.
 */
const GENERATED_PAIN_SOURCES = ['PARTICIPANT', 'SIMULATION'] as const satisfies PainLogSource[];

/**
 * Removes the participant's generated programme data before the simulation writes its own (a
 * seeded Demo participant already has some; the digital twin allows only one row): the streams,
 * the pain reports mirroring the pain check-ins, and every surgery no clinician recorded other
 * than `programmeSurgeryId`, the one the programme now follows - otherwise the seed's surgery
 * could stay the latest one that outcome trends and threshold rules read. Records entered by
 * staff are kept: surgeries with a creator, clinicians' pain reports, and a generated surgery a
 * clinician has uploaded images for (the images belong to that procedure, not to the new one).
 */
export async function deleteGeneratedData(
  db: Database,
  userId: number,
  programmeSurgeryId: number,
): Promise<void> {
  for (const table of [
    participantActivity,
    measurements,
    nudges,
    conversations,
    surveyResponses,
    markerMemberships,
    segments,
    clinicalRecords,
  ]) {
    await db.delete(table).where(eq(table.userId, userId));
  }
  await db.delete(digitalTwins).where(eq(digitalTwins.userId, userId));
  await db
    .delete(painLogs)
    .where(and(eq(painLogs.userId, userId), inArray(painLogs.source, GENERATED_PAIN_SOURCES)));

  await db.delete(surgeries).where(
    and(
      eq(surgeries.userId, userId),
      isNull(surgeries.createdBy),
      ne(surgeries.id, programmeSurgeryId),
      notExists(
        db
          .select({ id: imagingFiles.id })
          .from(imagingFiles)
          .where(
            sql`${qualifiedColumn(imagingFiles, imagingFiles.surgeryId)} = ${qualifiedColumn(surgeries, surgeries.id)}`,
          ),
      ),
    ),
  );
}

/** The users columns the programme plan reads. */
export async function participantDetails(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: users.gender,
      birthDate: users.birthDate,
      heightCm: users.heightCm,
      tracker: users.tracker,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
