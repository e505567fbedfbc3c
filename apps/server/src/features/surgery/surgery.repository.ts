import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Surgery, SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import { SURVEY_TIMEPOINT_OFFSET_DAYS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Database } from '../../db/client';
import { qualifiedColumn } from '../../db/qualified-column';
import { imagingFiles } from '../../db/schema/imaging';
import { surgeries } from '../../db/schema/surgery';
import { surveyResponses, surveys } from '../../db/schema/surveys';

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

const surgeryColumns = {
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

type SurgeryRow = { createdAt: Date; updatedAt: Date } & Omit<Surgery, 'created_at' | 'updated_at'>;

function toSurgery({ createdAt, updatedAt, ...row }: SurgeryRow): Surgery {
  return {
    ...row,
    image_count: Number(row.image_count),
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

/** The participant's surgeries, latest surgery date first. */
export async function listSurgeries(db: Database, userId: number): Promise<Surgery[]> {
  const rows = await db
    .select(surgeryColumns)
    .from(surgeries)
    .where(eq(surgeries.userId, userId))
    .orderBy(desc(surgeries.surgeryDate), desc(surgeries.id));
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

// ---------------------------------------------------------------------------------------------
// The survey schedule dated from a surgery
// ---------------------------------------------------------------------------------------------

/** YYYY-MM-DD plus whole days. */
export function addDaysIso(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** How many survey timepoints the participant has scheduled. */
export async function countScheduledSurveys(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(eq(surveyResponses.userId, userId));
  return Number(row?.n ?? 0);
}

/** The questionnaires on file: id and title. */
export function listQuestionnaires(db: Database) {
  return db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .orderBy(asc(surveys.title), asc(surveys.id));
}

/** Schedules each questionnaire at the five timepoints, dated from the surgery; returns the count. */
export async function scheduleSurveys(
  db: Database,
  userId: number,
  surveyIds: readonly number[],
  surgeryDate: string,
): Promise<number> {
  const rows = surveyIds.flatMap((surveyId) =>
    SURVEY_TIMEPOINTS.map((timepoint) => ({
      userId,
      surveyId,
      timepoint,
      targetDate: addDaysIso(surgeryDate, SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint]),
    })),
  );
  if (rows.length === 0) return 0;
  await db.insert(surveyResponses).values(rows);
  return rows.length;
}

/**
 * Moves the unsubmitted timepoints that were dated from `fromDate` to the same offsets from
 * `toDate`. Submitted ones keep the date they were answered against.
 */
export async function rescheduleSurveys(
  db: Database,
  userId: number,
  fromDate: string,
  toDate: string,
): Promise<number> {
  let moved = 0;
  for (const timepoint of SURVEY_TIMEPOINTS) {
    const offset = SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint];
    const rows = await db
      .update(surveyResponses)
      .set({ targetDate: addDaysIso(toDate, offset) })
      .where(
        and(
          eq(surveyResponses.userId, userId),
          eq(surveyResponses.timepoint, timepoint),
          eq(surveyResponses.targetDate, addDaysIso(fromDate, offset)),
          isNull(surveyResponses.submittedAt),
        ),
      )
      .returning({ id: surveyResponses.id });
    moved += rows.length;
  }
  return moved;
}
