import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

/** Whether any user (staff or participant) already signs in with this email, case-insensitively. */
export async function emailInUse(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}
