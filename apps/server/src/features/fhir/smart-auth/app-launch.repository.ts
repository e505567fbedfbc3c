import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { smartAuthorizations, smartRefreshTokens } from '#app/db/schema/smart-app';

/** A participant app that may sign participants in: registered, public, not revoked. */
export async function findLiveAppClient(db: Database, id: string) {
  const [row] = await db
    .select({
      id: fhirBackendClients.id,
      name: fhirBackendClients.name,
      redirectUris: fhirBackendClients.redirectUris,
      scopes: fhirBackendClients.scopes,
    })
    .from(fhirBackendClients)
    .where(
      and(
        eq(fhirBackendClients.id, id),
        eq(fhirBackendClients.kind, 'public'),
        isNull(fhirBackendClients.revokedAt),
      ),
    );
  return row;
}

/** Starts an authorization; also drops the ones that have expired (they live minutes). */
export async function insertAuthorization(
  db: Database,
  authorization: {
    clientId: string;
    redirectUri: string;
    state: string;
    codeChallenge: string;
    scopes: string[];
    browserHash: string;
    expiresAt: Date;
  },
): Promise<string> {
  await db.delete(smartAuthorizations).where(lt(smartAuthorizations.expiresAt, new Date()));
  const id = randomUUID();
  await db.insert(smartAuthorizations).values({ id, ...authorization });
  return id;
}

/**
 * An authorization still waiting for its participant, in the browser that started it: not
 * expired, no code issued yet. With its app's name, and only while the app is live.
 */
export async function findPendingAuthorization(db: Database, id: string, browserHash: string) {
  const [row] = await db
    .select({
      id: smartAuthorizations.id,
      clientId: smartAuthorizations.clientId,
      clientName: fhirBackendClients.name,
      redirectUri: smartAuthorizations.redirectUri,
      state: smartAuthorizations.state,
      scopes: smartAuthorizations.scopes,
      userId: smartAuthorizations.userId,
      expiresAt: smartAuthorizations.expiresAt,
    })
    .from(smartAuthorizations)
    .innerJoin(fhirBackendClients, eq(fhirBackendClients.id, smartAuthorizations.clientId))
    .where(
      and(
        eq(smartAuthorizations.id, id),
        eq(smartAuthorizations.browserHash, browserHash),
        isNull(smartAuthorizations.codeHash),
        isNull(fhirBackendClients.revokedAt),
      ),
    );
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

/** Records who signed in to a pending authorization. */
export async function setAuthorizationUser(db: Database, id: string, userId: number) {
  await db
    .update(smartAuthorizations)
    .set({ userId })
    .where(and(eq(smartAuthorizations.id, id), isNull(smartAuthorizations.codeHash)));
}

/**
 * Attaches the code to a signed-in authorization, which then leaves the pending state; false
 * when another answer came first (Allow or Deny twice).
 */
export async function issueAuthorizationCode(
  db: Database,
  id: string,
  code: { hash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(smartAuthorizations)
    .set({ codeHash: code.hash, expiresAt: code.expiresAt })
    .where(and(eq(smartAuthorizations.id, id), isNull(smartAuthorizations.codeHash)))
    .returning({ id: smartAuthorizations.id });
  return rows.length === 1;
}

/** Ends a pending authorization (the participant denied it). */
export async function deleteAuthorization(db: Database, id: string) {
  await db.delete(smartAuthorizations).where(eq(smartAuthorizations.id, id));
}

/**
 * Claims a code for its exchange in one statement, so it works once: the row, or undefined
 * when no code has this digest. `firstUse` is false when it was claimed before (a replay).
 */
export async function claimAuthorizationCode(db: Database, codeHash: string) {
  const [claimed] = await db
    .update(smartAuthorizations)
    .set({ codeUsedAt: new Date() })
    .where(and(eq(smartAuthorizations.codeHash, codeHash), isNull(smartAuthorizations.codeUsedAt)))
    .returning();
  if (claimed) return { ...claimed, firstUse: true };
  const [used] = await db
    .select()
    .from(smartAuthorizations)
    .where(eq(smartAuthorizations.codeHash, codeHash));
  return used ? { ...used, firstUse: false } : undefined;
}

/** Remembers the grant a code's exchange made, so that a replay of the code can revoke it. */
export async function setAuthorizationGrant(db: Database, id: string, grantId: string) {
  await db.update(smartAuthorizations).set({ grantId }).where(eq(smartAuthorizations.id, id));
}

export async function insertRefreshToken(
  db: Database,
  token: { grantId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(smartRefreshTokens).values({ id: randomUUID(), ...token });
}

/** A refresh token by its digest, used or not, with its grant's app. */
export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select()
    .from(smartRefreshTokens)
    .where(eq(smartRefreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when another request used it first (a reuse). */
export async function consumeRefreshToken(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(smartRefreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(smartRefreshTokens.id, id), isNull(smartRefreshTokens.usedAt)))
    .returning({ id: smartRefreshTokens.id });
  return rows.length === 1;
}
