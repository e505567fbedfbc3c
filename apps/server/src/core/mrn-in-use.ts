import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

/**
 * Whether another participant already has this record number (the contract upper-cases it);
 * `exceptId` is the participant being edited, whose own number is no clash.
 */
export async function mrnInUse(db: Database, mrn: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mrn, mrn), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}
