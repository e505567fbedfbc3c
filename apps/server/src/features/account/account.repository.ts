import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { loginCodes } from '#app/db/schema/auth';
import { users } from '#app/db/schema/users';

/** Codes of the user that are unused and unexpired, newest first. */
export async function findActiveLoginCodes(db: Database, userId: number) {
  return db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, userId),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${loginCodes.createdAt} desc`);
}

export async function countCodesSince(db: Database, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, userId), gt(loginCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function markLoginCodeUsed(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** Counts a wrong guess against every live code of the user; a code dies after `max` guesses. */
export async function recordWrongCodeGuess(db: Database, userId: number, max: number) {
  await db
    .update(loginCodes)
    .set({
      failedAttempts: sql`${loginCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${loginCodes.failedAttempts} + 1 >= ${max} then now() else null end`,
    })
    .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.usedAt)));
}

export async function setPassword(db: Database, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: sql`now()`,
      // Setting a password through an emailed code is how invited accounts become active.
      status: sql`case when ${users.status} = 'PENDING_ACTIVATION' then 'ACTIVATED'::user_status else ${users.status} end`,
      joinedAt: sql`coalesce(${users.joinedAt}, now())`,
    })
    .where(eq(users.id, userId));
}
