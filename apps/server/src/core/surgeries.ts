import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Surgery, SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { intArray } from '#app/db/int-array';
import { qualifiedColumn } from '#app/db/qualified-column';
import { imagingFiles } from '#app/db/schema/imaging';
import { surgeries } from '#app/db/schema/surgery';

/** The columns a clinician edits. */
export interface SurgeryValues {
  procedure: SurgeryProcedure;
  side: SurgerySide;
  /** YYYY-MM-DD */
  surgeryDate: string;
  surgeon: string;
  hospital: string;
  notes: string | null;
}

const imageCount = sql<number>`(select count(*)::int from ${imagingFiles} where ${qualifiedColumn(imagingFiles, imagingFiles.surgeryId)} = ${qualifiedColumn(surgeries, surgeries.id)})`;

/** A surgery's columns, under the names of its answer but the times (toSurgery). */
export const surgeryColumns = {
  id: surgeries.id,
  user_id: surgeries.userId,
  procedure: surgeries.procedure,
  side: surgeries.side,
  surgery_date: surgeries.surgeryDate,
  surgeon: surgeries.surgeon,
  hospital: surgeries.hospital,
  notes: surgeries.notes,
  image_count: imageCount,
  createdAt: surgeries.createdAt,
  updatedAt: surgeries.updatedAt,
};

export type SurgeryRow = { createdAt: Date; updatedAt: Date } & Omit<
  Surgery,
  'created_at' | 'updated_at'
>;

/** A row of surgeryColumns as the answer's surgery. */
export function toSurgery({ createdAt, updatedAt, ...row }: SurgeryRow): Surgery {
  return {
    ...row,
    image_count: Number(row.image_count),
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

/**
 * A participant's surgeries latest first (by date, then id): the first is the latest surgery,
 * which decides their programme, wherever it is read.
 */
export const latestSurgeryFirst = [desc(surgeries.surgeryDate), desc(surgeries.id)];

/** The participant's surgeries, latest surgery date first. */
export async function listSurgeries(db: Database, userId: number): Promise<Surgery[]> {
  const rows = await db
    .select(surgeryColumns)
    .from(surgeries)
    .where(eq(surgeries.userId, userId))
    .orderBy(...latestSurgeryFirst);
  return rows.map(toSurgery);
}

/** One surgery of the participant, or null (also when it belongs to someone else). */
export async function findSurgery(
  db: Database,
  userId: number,
  surgeryId: number,
): Promise<Surgery | null> {
  const [row] = await db
    .select(surgeryColumns)
    .from(surgeries)
    .where(and(eq(surgeries.id, surgeryId), eq(surgeries.userId, userId)))
    .limit(1);
  return row ? toSurgery(row) : null;
}

export async function insertSurgery(
  db: Database,
  userId: number,
  values: SurgeryValues,
  createdBy: number | null,
): Promise<number> {
  const [row] = await db
    .insert(surgeries)
    .values({ userId, createdBy, ...values })
    .returning({ id: surgeries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Replaces the editable fields; false when the participant has no such surgery. */
export async function updateSurgery(
  db: Database,
  userId: number,
  surgeryId: number,
  values: SurgeryValues,
): Promise<boolean> {
  const rows = await db
    .update(surgeries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(surgeries.id, surgeryId), eq(surgeries.userId, userId)))
    .returning({ id: surgeries.id });
  return rows.length > 0;
}

/** A participant's latest surgery: what decides their programme and what the export names. */
export interface LatestSurgery {
  procedure: SurgeryProcedure;
  side: SurgerySide;
  /** YYYY-MM-DD */
  surgeryDate: string;
}

/** Each participant's latest surgery (latestSurgeryFirst), as the outcome programme reads it. */
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
    .where(sql`${surgeries.userId} = any(${intArray(userIds)}::int[])`)
    .orderBy(asc(surgeries.userId), ...latestSurgeryFirst);
  return new Map(rows.map(({ userId, ...surgery }) => [userId, surgery]));
}
