import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { ssoIdentities, ssoSignIns } from '#app/db/schema/sso';
import { users } from '#app/db/schema/users';

export type SsoSignInRow = typeof ssoSignIns.$inferSelect;

export async function insertSignIn(db: Database, row: typeof ssoSignIns.$inferInsert) {
  await db.insert(ssoSignIns).values(row);
}

/** Sign-ins abandoned at the provider leave rows behind; each new one sweeps the expired. */
export async function deleteExpiredSignIns(db: Database, now: Date) {
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, now));
}

/** Claims a started sign-in for its callback, once: a replayed callback finds nothing. */
export async function claimForCallback(
  db: Database,
  browserKeyHash: string,
  now: Date,
): Promise<SsoSignInRow | undefined> {
  const [row] = await db
    .update(ssoSignIns)
    .set({ callbackAt: now })
    .where(
      and(
        eq(ssoSignIns.browserKeyHash, browserKeyHash),
        isNull(ssoSignIns.callbackAt),
        gt(ssoSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function acceptSignIn(db: Database, id: number, userId: number, idToken: string) {
  await db.update(ssoSignIns).set({ userId, idToken }).where(eq(ssoSignIns.id, id));
}

/** The accepted sign-in of this browser, not yet completed and not expired. */
export async function findAccepted(db: Database, browserKeyHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(ssoSignIns)
    .where(
      and(
        eq(ssoSignIns.browserKeyHash, browserKeyHash),
        isNotNull(ssoSignIns.userId),
        isNull(ssoSignIns.completedAt),
        gt(ssoSignIns.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks an accepted sign-in completed, once (two racing completions: one wins). */
export async function claimForCompletion(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(ssoSignIns)
    .set({ completedAt: now, idToken: null })
    .where(and(eq(ssoSignIns.id, id), isNull(ssoSignIns.completedAt)))
    .returning({ id: ssoSignIns.id });
  return rows.length === 1;
}

/**
 * An invited staff member who signs in through the provider with the invited, verified email
 * has proved what the emailed invitation code would have: the account becomes active.
 */
export async function activateInvitedStaff(db: Database, userId: number, now: Date) {
  await db
    .update(users)
    .set({ status: 'ACTIVATED', joinedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'PENDING_ACTIVATION')));
}

/**
 * OIDC_AUTO_PROVISION=clinician: a clinician who never gets a portal password, bound to the
 * provider identity that created it, in one transaction. Undefined when the email has an
 * account already (another process provisioned the same person a moment ago).
 */
export async function insertProvisionedClinician(
  db: Database,
  person: { email: string; firstName: string; lastName: string },
  identity: { issuer: string; subject: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        role: 'CLINICIAN',
        status: 'ACTIVATED',
        email: person.email,
        passwordHash: null,
        provisionedBySso: true,
        firstName: person.firstName,
        lastName: person.lastName,
        joinedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) return undefined;
    // The caller found this identity unbound; should a racing sign-in bind it first, the
    // unique index fails this insert and takes the new account back with it.
    await tx
      .insert(ssoIdentities)
      .values({ userId: row.id, issuer: identity.issuer, subject: identity.subject });
    return row;
  });
}

/** The account a provider identity is bound to, if any. */
export async function findBoundUserId(
  db: Database,
  identity: { issuer: string; subject: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(
      and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Binds the account to the provider identity on its first sign-in through this issuer, and
 * answers whether the account is bound to exactly this identity: false when it is bound to
 * another `sub`, or this `sub` is bound to another account.
 */
export async function bindIdentity(
  db: Database,
  userId: number,
  identity: { issuer: string; subject: string },
): Promise<boolean> {
  await db
    .insert(ssoIdentities)
    .values({ userId, issuer: identity.issuer, subject: identity.subject })
    .onConflictDoNothing();
  const [row] = await db
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, identity.issuer)))
    .limit(1);
  return row?.subject === identity.subject;
}
