import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { smartAppGrants } from '#app/db/schema/smart-app';
import { users } from '#app/db/schema/users';

/** Records a participant's consent to an app for these scopes; returns the grant's id. */
export async function insertPatientGrant(
  db: Database,
  grant: { clientId: string; userId: number; scopes: string[] },
): Promise<string> {
  const id = randomUUID();
  await db.insert(smartAppGrants).values({ id, ...grant });
  return id;
}

/**
 * A grant that still opens data, with its participant: not revoked, its client live, and the
 * participant an active participant account. One statement, read on every call.
 */
export async function findLivePatientGrant(db: Database, grantId: string) {
  const [row] = await db
    .select({
      id: smartAppGrants.id,
      clientId: smartAppGrants.clientId,
      userId: smartAppGrants.userId,
      scopes: smartAppGrants.scopes,
    })
    .from(smartAppGrants)
    .innerJoin(fhirBackendClients, eq(fhirBackendClients.id, smartAppGrants.clientId))
    .innerJoin(users, eq(users.id, smartAppGrants.userId))
    .where(
      and(
        eq(smartAppGrants.id, grantId),
        isNull(smartAppGrants.revokedAt),
        isNull(fhirBackendClients.revokedAt),
        eq(users.role, 'PARTICIPANT'),
        eq(users.status, 'ACTIVATED'),
      ),
    );
  return row;
}

/** Ends a grant: every token naming it stops working at once. False when there was none live. */
export async function revokePatientGrant(db: Database, grantId: string): Promise<boolean> {
  const rows = await db
    .update(smartAppGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(smartAppGrants.id, grantId), isNull(smartAppGrants.revokedAt)))
    .returning({ id: smartAppGrants.id });
  return rows.length > 0;
}
