import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { userGroups, users } from '#app/db/schema/users';

/** A participant group with how many participants it holds. */
const GROUP_COLUMNS = {
  id: userGroups.id,
  name: userGroups.name,
  members: count(users.id),
};

export type GroupRow = Awaited<ReturnType<typeof pageGroups>>[number];

/** FHIR string search: the name starts with the text, ignoring case (LIKE wildcards escaped). */
export function nameStartsWith(text: string): SQL {
  const pattern = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${userGroups.name} ilike ${pattern}`;
}

/** Groups matching `where`, by id after `afterId` (primary-key range scan). */
export function pageGroups(
  db: Database,
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
) {
  return db
    .select(GROUP_COLUMNS)
    .from(userGroups)
    .leftJoin(users, and(eq(users.groupId, userGroups.id), eq(users.role, 'PARTICIPANT')))
    .where(and(where, afterId === null ? undefined : gt(userGroups.id, afterId)))
    .groupBy(userGroups.id)
    .orderBy(asc(userGroups.id))
    .limit(limit);
}

export async function countGroups(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userGroups).where(where);
  return row?.n ?? 0;
}

export const groupIdIs = (id: number): SQL => eq(userGroups.id, id);
