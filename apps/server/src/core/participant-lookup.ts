import { and, eq } from 'drizzle-orm';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import { notFound } from '#app/lib/app-error';

/** The little every participant-details call needs to know about the participant. */
export interface ParticipantRef {
  id: number;
  firstName: string;
  participantType: ParticipantType | null;
}

/**
 * The participant with this id. An unknown id and a staff member's id are the same 404, so the
 * participant calls never reveal whether a staff account exists.
 */
export async function requireParticipant(db: Database, id: number): Promise<ParticipantRef> {
  const row = await findParticipant(db, id);
  if (!row) throw notFound(PARTICIPANT_ERRORS.notFound(id));
  return row;
}

/** The participant with this id, or null for an unknown id or a staff member's. */
export async function findParticipant(db: Database, id: number): Promise<ParticipantRef | null> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, participantType: users.participantType })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row ?? null;
}
