import { desc, eq } from 'drizzle-orm';
import type { PainBodySite, PainLog, PainLogSource } from '@recovery-portal/contract/pain';
import type { Database } from '#app/db/client';
import { painLogs } from '#app/db/schema/pain';

export interface NewPainLog {
  userId: number;
  score: number;
  recordedAt: Date;
  bodySite: PainBodySite;
  note: string | null;
  source: PainLogSource;
  recordedBy: number | null;
}

/** A pain report's columns, under the names of its answer but recordedAt (toPainLog). */
export const painLogColumns = {
  id: painLogs.id,
  user_id: painLogs.userId,
  score: painLogs.score,
  recordedAt: painLogs.recordedAt,
  body_site: painLogs.bodySite,
  note: painLogs.note,
  source: painLogs.source,
  recorded_by: painLogs.recordedBy,
};

/** A row of painLogColumns as the answer's pain report. */
export function toPainLog({
  recordedAt,
  ...row
}: Omit<PainLog, 'recorded_at'> & { recordedAt: Date }) {
  return { ...row, recorded_at: recordedAt.toISOString() };
}

/** Inserts pain reports (in chunks; the simulation writes a few hundred at once). */
export async function insertPainLogs(
  db: Database,
  logs: readonly NewPainLog[],
): Promise<PainLog[]> {
  const inserted: PainLog[] = [];
  for (let i = 0; i < logs.length; i += 1000) {
    const rows = await db
      .insert(painLogs)
      .values(logs.slice(i, i + 1000).map((log) => ({ ...log })))
      .returning(painLogColumns);
    inserted.push(...rows.map(toPainLog));
  }
  return inserted;
}

/** The participant's last `n` reports, newest recorded_at first. */
export async function lastPainLogs(db: Database, userId: number, n: number): Promise<PainLog[]> {
  const rows = await db
    .select(painLogColumns)
    .from(painLogs)
    .where(eq(painLogs.userId, userId))
    .orderBy(desc(painLogs.recordedAt), desc(painLogs.id))
    .limit(n);
  return rows.map(toPainLog);
}
