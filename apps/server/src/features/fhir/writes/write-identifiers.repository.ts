import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { fhirWriteIdentifiers } from '#app/db/schema/fhir-writes';
import type { WriteIdentifier } from './json-input';

interface IdentifierKey extends WriteIdentifier {
  userId: number;
  resourceType: string;
}

const keyIs = (key: IdentifierKey) =>
  and(
    eq(fhirWriteIdentifiers.userId, key.userId),
    eq(fhirWriteIdentifiers.resourceType, key.resourceType),
    eq(fhirWriteIdentifiers.system, key.system),
    eq(fhirWriteIdentifiers.value, key.value),
  );

/** The served id stored under a participant's identifier of a type, or null. */
export async function findIdentified(db: Database, key: IdentifierKey): Promise<string | null> {
  const [row] = await db
    .select({ resourceId: fhirWriteIdentifiers.resourceId })
    .from(fhirWriteIdentifiers)
    .where(keyIs(key))
    .limit(1);
  return row?.resourceId ?? null;
}

/**
 * Claims identifiers for a resource about to be stored. Returns those already claimed (by an
 * earlier upload, or one committing concurrently, which this waits for on the primary key).
 */
export async function claimIdentifiers(
  db: Database,
  keys: readonly IdentifierKey[],
  resourceId: string,
): Promise<WriteIdentifier[]> {
  if (keys.length === 0) return [];
  const claimed = await db
    .insert(fhirWriteIdentifiers)
    .values(keys.map((key) => ({ ...key, resourceId })))
    .onConflictDoNothing()
    .returning({ system: fhirWriteIdentifiers.system, value: fhirWriteIdentifiers.value });
  const mine = new Set(claimed.map((key) => `${key.system}|${key.value}`));
  return keys.filter((key) => !mine.has(`${key.system}|${key.value}`));
}

/** Forgets an identifier whose resource no longer exists (its participant's data was replaced). */
export async function forgetIdentifier(db: Database, key: IdentifierKey): Promise<void> {
  await db.delete(fhirWriteIdentifiers).where(keyIs(key));
}
