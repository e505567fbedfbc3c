import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

/** The account an email names, whatever its role: what a participant's sign-in checks. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row;
}
