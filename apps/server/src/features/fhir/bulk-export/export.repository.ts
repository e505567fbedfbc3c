import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { FhirExportLevel } from '@recovery-portal/contract/fhir';
import type { Database } from '#app/db/client';
import { fhirExportFiles, fhirExportJobs } from '#app/db/schema/fhir-export';
import { userGroups, users } from '#app/db/schema/users';

export type ExportJob = typeof fhirExportJobs.$inferSelect;

export interface NewExportJob {
  id: string;
  level: FhirExportLevel;
  groupId: number | null;
  types: string[];
  since: Date | null;
  requesterStaffId: number | null;
  requesterClientId: string | null;
  requestUrl: string;
  transactionTime: Date;
}

/**
 * Records a running job; false when its requester already has one running (the partial unique
 * indexes on the requester columns hold that even for two kick-offs at the same moment).
 */
export async function insertExportJob(db: Database, job: NewExportJob): Promise<boolean> {
  const rows = await db
    .insert(fhirExportJobs)
    .values({ ...job, status: 'in-progress' })
    .onConflictDoNothing()
    .returning({ id: fhirExportJobs.id });
  return rows.length === 1;
}

/** The id of the requester's running job, if any. */
export async function findRunningJobOf(
  db: Database,
  requester: { staffId: number | null; clientId: string | null },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: fhirExportJobs.id })
    .from(fhirExportJobs)
    .where(
      and(
        eq(fhirExportJobs.status, 'in-progress'),
        sql`${fhirExportJobs.requesterStaffId} is not distinct from ${requester.staffId}`,
        sql`${fhirExportJobs.requesterClientId} is not distinct from ${requester.clientId}`,
      ),
    );
  return row?.id;
}

export async function findExportJob(db: Database, id: string): Promise<ExportJob | undefined> {
  const [row] = await db.select().from(fhirExportJobs).where(eq(fhirExportJobs.id, id));
  return row;
}

/**
 * Takes over a running job whose heartbeat is older than `staleSeconds` (its process died):
 * true for exactly one caller.
 */
export async function claimStaleJob(db: Database, id: string, staleSeconds: number) {
  const claimed = await db
    .update(fhirExportJobs)
    .set({ heartbeatAt: sql`now()`, written: 0 })
    .where(
      and(
        eq(fhirExportJobs.id, id),
        eq(fhirExportJobs.status, 'in-progress'),
        lt(fhirExportJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .returning({ id: fhirExportJobs.id });
  return claimed.length === 1;
}

/** Records progress; answers whether the job is still wanted (not cancelled meanwhile). */
export async function heartbeat(db: Database, id: string, written: number): Promise<boolean> {
  const rows = await db
    .update(fhirExportJobs)
    .set({ written, heartbeatAt: sql`now()` })
    .where(and(eq(fhirExportJobs.id, id), eq(fhirExportJobs.status, 'in-progress')))
    .returning({ id: fhirExportJobs.id });
  return rows.length === 1;
}

export async function completeExportJob(
  db: Database,
  id: string,
  files: { name: string; type: string; count: number }[],
  expiresAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(fhirExportJobs)
      .set({ status: 'completed', completedAt: sql`now()`, expiresAt })
      .where(and(eq(fhirExportJobs.id, id), eq(fhirExportJobs.status, 'in-progress')))
      .returning({ id: fhirExportJobs.id });
    if (rows.length !== 1) return false;
    if (files.length)
      await tx.insert(fhirExportFiles).values(files.map((f) => ({ jobId: id, ...f })));
    return true;
  });
}

/**
 * Ends a job as failed or cancelled, its row kept until `expiresAt` (polls of a failed one say
 * so); a job already ended otherwise (cancelled) stays so. False when no row changed: the job
 * was cancelled or removed meanwhile.
 */
export async function setExportStatus(
  db: Database,
  id: string,
  status: 'failed' | 'cancelled',
  expiresAt: Date,
): Promise<boolean> {
  const from =
    status === 'failed' ? ['in-progress' as const] : ['in-progress' as const, 'completed' as const];
  const rows = await db
    .update(fhirExportJobs)
    .set({ status, expiresAt })
    .where(and(eq(fhirExportJobs.id, id), inArray(fhirExportJobs.status, from)))
    .returning({ id: fhirExportJobs.id });
  return rows.length === 1;
}

export function listExportFiles(db: Database, id: string) {
  return db
    .select({
      name: fhirExportFiles.name,
      type: fhirExportFiles.type,
      count: fhirExportFiles.count,
    })
    .from(fhirExportFiles)
    .where(eq(fhirExportFiles.jobId, id))
    .orderBy(asc(fhirExportFiles.name));
}

/**
 * Deletes expired jobs, and running ones whose heartbeat stopped `abandonedSeconds` ago (their
 * process died and no poll took them over); file rows cascade. Returns their ids, for folders.
 */
export async function deleteEndedJobs(db: Database, abandonedSeconds: number): Promise<string[]> {
  const rows = await db
    .delete(fhirExportJobs)
    .where(
      or(
        lt(fhirExportJobs.expiresAt, sql`now()`),
        and(
          eq(fhirExportJobs.status, 'in-progress'),
          lt(fhirExportJobs.heartbeatAt, sql`now() - make_interval(secs => ${abandonedSeconds})`),
        ),
      ),
    )
    .returning({ id: fhirExportJobs.id });
  return rows.map((row) => row.id);
}

/** Deletes every job a system client started (it was revoked) and returns their ids. */
export async function deleteClientJobs(db: Database, clientId: string): Promise<string[]> {
  const rows = await db
    .delete(fhirExportJobs)
    .where(eq(fhirExportJobs.requesterClientId, clientId))
    .returning({ id: fhirExportJobs.id });
  return rows.map((row) => row.id);
}

/** Those of `ids` that are jobs. */
export async function existingJobIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: fhirExportJobs.id })
    .from(fhirExportJobs)
    .where(inArray(fhirExportJobs.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function groupExists(db: Database, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(eq(userGroups.id, groupId));
  return row !== undefined;
}

/** A page of a group's participants, by id. */
export async function pageGroupMembers(
  db: Database,
  groupId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'PARTICIPANT'), eq(users.groupId, groupId), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
