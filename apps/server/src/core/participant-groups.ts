import { asc, eq, sql } from 'drizzle-orm';
import type { UserGroup } from '@recovery-portal/contract/participants';
import type { Database } from '#app/db/client';
import { userGroups } from '#app/db/schema/users';

/** A group by exact name (case-insensitive) or by id. */
export async function findGroup(
  db: Database,
  ref: string | number,
): Promise<UserGroup | undefined> {
  const [row] = await db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(
      typeof ref === 'number'
        ? eq(userGroups.id, ref)
        : sql`lower(${userGroups.name}) = lower(${ref})`,
    )
    .orderBy(asc(userGroups.id))
    .limit(1);
  return row;
}
