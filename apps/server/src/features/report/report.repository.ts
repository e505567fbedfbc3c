import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

/** A staff member's registration id ('Reg Id' on the Clinicians screen); null without one. */
export async function findStaffRegId(db: Database, staffId: number): Promise<string | null> {
  const [row] = await db
    .select({ regId: users.deaRegId })
    .from(users)
    .where(and(eq(users.id, staffId), ne(users.role, 'PARTICIPANT')))
    .limit(1);
  return row?.regId ?? null;
}
