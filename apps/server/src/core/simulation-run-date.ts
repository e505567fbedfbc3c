import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { simulationEnrolments } from '#app/db/schema/simulation';
import { users } from '#app/db/schema/users';

/**
 * The day the telemetry and trend calls read a participant as of: their enrolment's run date
 * while they are a Demo participant enrolled in a programme, else null (today).
 */
export async function simulationRunDateFor(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: simulationEnrolments.currentRunDate })
    .from(simulationEnrolments)
    .innerJoin(users, eq(users.id, simulationEnrolments.userId))
    .where(and(eq(simulationEnrolments.userId, userId), eq(users.participantType, 'Demo')))
    .limit(1);
  return row?.day ?? null;
}

/** The same run date as SQL (a date, or null), for a statement that reads as of it itself. */
export function simulationRunDateOf(userId: SQLWrapper): SQL<string | null> {
  return sql`(select ${simulationEnrolments.currentRunDate} from ${simulationEnrolments} join ${users} on ${users.id} = ${simulationEnrolments.userId} where ${simulationEnrolments.userId} = ${userId} and ${users.participantType} = 'Demo' limit 1)`;
}
