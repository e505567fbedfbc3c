import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { MfaStaffMember } from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { mfaChallenges, mfaRecoveryCodes, staffMfa } from '#app/db/schema/mfa';
import { users } from '#app/db/schema/users';

export type StaffMfaRow = typeof staffMfa.$inferSelect;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export async function findStaffMfa(db: Database, userId: number): Promise<StaffMfaRow | undefined> {
  const [row] = await db.select().from(staffMfa).where(eq(staffMfa.userId, userId)).limit(1);
  return row;
}

/**
 * Stores a pending secret (enrolment started, no code yet), replacing an earlier pending one.
 * False when two-step sign-in is already on: an active secret is never overwritten.
 */
export async function storePendingSecret(
  db: Database,
  userId: number,
  secretCiphertext: string,
): Promise<boolean> {
  const rows = await db
    .insert(staffMfa)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: staffMfa.userId,
      set: { secretCiphertext, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(staffMfa.enabledAt),
    })
    .returning({ userId: staffMfa.userId });
  return rows.length === 1;
}

/** Turns the pending secret on, remembering the step of the code that confirmed it. */
export async function enableMfa(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMfa)
    .set({ enabledAt: sql`now()`, lastUsedStep: step })
    .where(and(eq(staffMfa.userId, userId), isNull(staffMfa.enabledAt)))
    .returning({ userId: staffMfa.userId });
  return rows.length === 1;
}

/**
 * Records that a code of `step` was used, atomically: false when that step (or a later one)
 * was used already, so one code cannot sign in twice, even by two requests at once.
 */
export async function claimTimeStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMfa)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(staffMfa.userId, userId),
        or(isNull(staffMfa.lastUsedStep), lt(staffMfa.lastUsedStep, step)),
      ),
    )
    .returning({ userId: staffMfa.userId });
  return rows.length === 1;
}

/** Removes the authenticator, its recovery codes and any sign-in waiting for a code. */
export async function deleteMfa(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx
      .update(mfaChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(mfaChallenges.userId, userId), isNull(mfaChallenges.usedAt)));
    const rows = await tx
      .delete(staffMfa)
      .where(eq(staffMfa.userId, userId))
      .returning({ userId: staffMfa.userId });
    return rows.length === 1;
  });
}

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(
  db: Database,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (codeHashes.length === 0) return;
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up one recovery code; false when it is unknown or was used before. */
export async function useRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A challenge that can still complete a sign-in: unused and unexpired. */
export async function findLiveChallenge(
  db: Database,
  tokenHash: string,
): Promise<MfaChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong code against the challenge; the challenge ends after `max` of them. */
export async function recordChallengeFailure(db: Database, id: number, max: number) {
  await db
    .update(mfaChallenges)
    .set({
      failedAttempts: sql`${mfaChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${mfaChallenges.failedAttempts} + 1 >= ${max} then now() else null end`,
    })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)));
}

/** Marks the challenge completed; false when another request completed it first. */
export async function consumeChallenge(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
}

/** Every staff account, by name, with whether two-step sign-in is on. */
export async function listStaffMfa(db: Database): Promise<MfaStaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
      enabledAt: staffMfa.enabledAt,
    })
    .from(users)
    .leftJoin(staffMfa, eq(staffMfa.userId, users.id))
    .where(ne(users.role, 'PARTICIPANT'))
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.flatMap((row) =>
    row.role === 'PARTICIPANT'
      ? []
      : [
          {
            id: row.id,
            first_name: row.firstName,
            last_name: row.lastName,
            email: row.email,
            role: row.role,
            status: row.status,
            mfa_enabled: row.enabledAt !== null,
          },
        ],
  );
}
