import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CONCERNS } from '@recovery-portal/contract/flags';
import { THRESHOLD_RULES } from '@recovery-portal/contract/thresholds';
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
  // Whatever the scan raised on this day's data, one open and one acknowledged flag exist.
  const [first] = ids;
  if (first !== undefined) {
    const detectedAt = new Date(Date.now() - 3_600_000);
    await db.insert(clinicalFlags).values(
      ['open', 'acknowledged'].map((kind) => ({
        userId: first,
        source: 'THRESHOLD' as const,
        severity: 'HIGH' as const,
        rule: THRESHOLD_RULES[0],
        matchedText: `fixture ${kind}`,
        dedupeKey: `fhir-fixture-${kind}`,
        detectedAt,
      })),
    );
  }
  await db.execute(sql`update ${clinicalFlags}
    set status = 'ACKNOWLEDGED', acknowledged_at = now(), acknowledgement_note = 'Called, fine'
    where dedupe_key = 'fhir-fixture-acknowledged'`);
  return ids;
}
