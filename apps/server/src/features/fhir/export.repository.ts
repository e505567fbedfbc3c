import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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

export async function insertExportJob(db: Database, job: NewExportJob): Promise<void> {
  await db.insert(fhirExportJobs).values({ ...job, status: 'in-progress' });
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

/** Ends a job as failed or cancelled; a job already ended otherwise (cancelled) stays so. */
export async function setExportStatus(
  db: Database,
  id: string,
  status: 'failed' | 'cancelled',
): Promise<void> {
  const from =
    status === 'failed' ? ['in-progress' as const] : ['in-progress' as const, 'completed' as const];
  await db
    .update(fhirExportJobs)
    .set({ status })
    .where(and(eq(fhirExportJobs.id, id), inArray(fhirExportJobs.status, from)));
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

/** Deletes expired jobs (their file rows cascade) and returns their ids, for their folders. */
export async function deleteExpiredJobs(db: Database): Promise<string[]> {
  const rows = await db
    .delete(fhirExportJobs)
    .where(lt(fhirExportJobs.expiresAt, sql`now()`))
    .returning({ id: fhirExportJobs.id });
  return rows.map((row) => row.id);
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
