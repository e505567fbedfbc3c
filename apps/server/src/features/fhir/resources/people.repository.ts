import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';

/** The columns of a participant or clinician the FHIR API shows. */
const PERSON_COLUMNS = {
  id: users.id,
  role: users.role,
  status: users.status,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  regId: users.deaRegId,
  mrn: users.mrn,
  birthDate: users.birthDate,
  gender: users.gender,
  updatedAt: users.updatedAt,
};

export type PersonRow = Awaited<ReturnType<typeof pagePeople>>[number];

/** Users of the role matching `where`, by id after `afterId` (primary-key range scan). */
export function pagePeople(
  db: Database,
  role: 'PARTICIPANT' | 'CLINICIAN',
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
) {
  return db
    .select(PERSON_COLUMNS)
    .from(users)
    .where(and(eq(users.role, role), where, afterId === null ? undefined : gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function countPeople(
  db: Database,
  role: 'PARTICIPANT' | 'CLINICIAN',
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, role), where));
  return row?.n ?? 0;
}
