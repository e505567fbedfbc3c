import { and, eq } from 'drizzle-orm';
import type { SessionUser, StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

export type UserRow = typeof users.$inferSelect;

export function toSessionUser(row: UserRow & { role: StaffRole }): SessionUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    user_name: row.email,
    role: row.role,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** An activated staff account by id, or undefined when it is gone, suspended or a participant. */
export async function findActiveStaff(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'ACTIVATED')))
    .limit(1);
  if (!row || row.role === 'PARTICIPANT') return undefined;
  return { ...row, role: row.role };
}
