import { desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import type { ProgrammeFacts } from '#app/core/programme';
import { surgeries } from '#app/db/schema/surgery';
import { userGroups, users } from '#app/db/schema/users';

/** The procedure of the participant's latest surgery (by date, then id) and their group. */
export async function findProgrammeFacts(db: Database, userId: number): Promise<ProgrammeFacts> {
  const [surgery] = await db
    .select({ procedure: surgeries.procedure })
    .from(surgeries)
    .where(eq(surgeries.userId, userId))
    .orderBy(desc(surgeries.surgeryDate), desc(surgeries.id))
    .limit(1);
  const [group] = await db
    .select({ name: userGroups.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(users.id, userId))
    .limit(1);
  return { procedure: surgery?.procedure ?? null, groupName: group?.name ?? null };
}
