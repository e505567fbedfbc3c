import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CONCERNS } from '@recovery-portal/contract/flags';
import type { Database } from '../../db/client';
import { clinicalFlags } from '../../db/schema/triage';
import { users } from '../../db/schema/users';
import { generateDemoProgramme } from '../../db/seed/demo-generator';
import { createTriageScanner } from '../triage/triage-scanner';

/**
 * A small demo programme (the generator the embedded demo seeds with) screened by triage, with
 * one flag acknowledged, so every kind of resource the API emits has rows.
 */
export async function seedFhirDemo(db: Database, participants = 6): Promise<number[]> {
  await generateDemoProgramme(db, { now: new Date(), participants });
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'PARTICIPANT'))
    .orderBy(users.id);
  const ids = rows.map((row) => row.id);
  await createTriageScanner({ db, concerns: DEFAULT_CONCERNS }).scanParticipants(ids);
  await db.execute(sql`update ${clinicalFlags}
    set status = 'ACKNOWLEDGED', acknowledged_at = now(), acknowledgement_note = 'Called, fine'
    where id = (select min(id) from ${clinicalFlags})`);
  return ids;
}
