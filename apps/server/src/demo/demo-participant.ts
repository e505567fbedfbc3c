import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { users } from '#app/db/schema/users';
import { hashPassword } from '#app/core/staff-accounts/passwords';
import { DEMO_PARTICIPANT, DEMO_PASSWORD } from './demo-accounts';

/**
 * Gives the demo participant's login to the first active Internal participant (by id) whose
 * story is a total knee replacement, so that signing in to a participant app shows a whole
 * recovery: surgery, telemetry, questionnaires, coach conversations and nudges. A demo of a few
 * participants (tests seed four) may have no such story: then the first active Internal one with
 * any story gets it, and a demo with no active Internal participant has no participant login.
 */
export async function seedDemoParticipant(db: Database): Promise<void> {
  const [chosen] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(surgeries, eq(surgeries.userId, users.id))
    .where(
      and(
        eq(users.role, 'PARTICIPANT'),
        eq(users.status, 'ACTIVATED'),
        eq(users.participantType, 'Internal'),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${surgeries.procedure} = 'TOTAL_KNEE_REPLACEMENT', false)`),
      asc(users.id),
    )
    .limit(1);
  if (!chosen) return;
  await db
    .update(users)
    .set({ email: DEMO_PARTICIPANT.email, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .where(eq(users.id, chosen.id));
}
