import { desc, eq } from 'drizzle-orm';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { Database } from '../../db/client';
import { surgeries } from '../../db/schema/surgery';
import { userGroups, users } from '../../db/schema/users';

/** What decides a participant's programme: their latest surgery's procedure and their group. */
export interface ProgrammeFacts {
  procedure: SurgeryProcedure | null;
  groupName: string | null;
}

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
