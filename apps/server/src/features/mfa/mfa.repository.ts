import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { MfaPolicy } from '@recovery-portal/contract/mfa';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { mfaChallenges, mfaRecoveryCodes, staffMfa } from '#app/db/schema/mfa';
import { users } from '#app/db/schema/users';
import { auditCte, auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import { requiredForStaff } from '#app/core/sign-in/sign-in.repository';

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

/** The own two-step sign-in: when it was turned on, unused recovery codes, the requirement. */
export interface StaffMfaStatusRow {
  enabledAt: Date | null;
  unusedRecoveryCodes: number;
  requiredForStaff: boolean;
}

/**
 * The staff member's two-step sign-in and whether all staff must use it, read by the statement
 * that writes the call's audit row: one row whether or not they ever started a setup. Always the
 * same statement, so it is prepared once and kept.
 */
const auditedStatusStatement = preparedOutsideTransactions((db) => {
  const userId = sql.placeholder('userId');
  return auditingQueryBuilder(db)
    .select({
      enabledAt: staffMfa.enabledAt,
      unusedRecoveryCodes: sql<number>`(select count(*)::int from ${mfaRecoveryCodes} where ${mfaRecoveryCodes.userId} = ${userId} and ${mfaRecoveryCodes.usedAt} is null)`,
      requiredForStaff,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(staffMfa, eq(staffMfa.userId, userId))
    .prepare('mfa_status_audited');
});

export async function auditedStaffMfaStatus(
  db: Database,
  userId: number,
  audit: AuditValues,
): Promise<StaffMfaStatusRow> {
  const [row] = await auditedStatusStatement(db).execute({ ...audit, userId });
  return {
    enabledAt: row?.enabledAt ?? null,
    unusedRecoveryCodes: row?.unusedRecoveryCodes ?? 0,
    requiredForStaff: row?.requiredForStaff === true,
  };
}

/** Every staff account with when two-step sign-in was turned on (a CTE of the policy's read). */
function staffMembersCte(db: Database) {
  return db.$with('staff_members').as(
    db
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
      .where(ne(users.role, 'PARTICIPANT')),
  );
}
type StaffMembers = ReturnType<typeof staffMembersCte>;

/**
 * The requirement and the staff by name, on `query` (a query builder holding `members`): one row
 * per staff member, or one with a null member when there is none.
 */
function policyRead(query: ReturnType<Database['with']>, members: StaffMembers) {
  return query
    .select({
      requiredForStaff,
      member: {
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
        role: members.role,
        status: members.status,
        enabledAt: members.enabledAt,
      },
    })
    .from(sql`(select 1) as one`)
    .leftJoin(members, sql`true`)
    .orderBy(members.firstName, members.lastName, members.id);
}

function policyOf(rows: Awaited<ReturnType<ReturnType<typeof policyRead>['execute']>>): MfaPolicy {
  return {
    required_for_staff: rows[0]?.requiredForStaff === true,
    staff: rows.flatMap(({ member }) =>
      member === null || member.role === 'PARTICIPANT'
        ? []
        : [
            {
              id: member.id,
              first_name: member.firstName,
              last_name: member.lastName,
              email: member.email,
              role: member.role,
              status: member.status,
              mfa_enabled: member.enabledAt !== null,
            },
          ],
    ),
  };
}

const policyStatement = preparedOutsideTransactions((db) => {
  const members = staffMembersCte(db);
  return policyRead(db.with(members), members).prepare('mfa_policy');
});

/** Whether all staff must use two-step sign-in, and every staff account with whether it is on. */
export async function readPolicy(db: Database): Promise<MfaPolicy> {
  return policyOf(await policyStatement(db).execute());
}

/**
 * The same, read by the statement that writes the call's audit row, whose details say how many
 * staff have it on (`{ enrolled }`, hence its own audit CTE rather than auditingQueryBuilder's
 * `{ count }`). Always the same statement, so it is prepared once and kept.
 */
const auditedPolicyStatement = preparedOutsideTransactions((db) => {
  const members = staffMembersCte(db);
  const enrolled = sql`jsonb_build_object('enrolled', (select count(${members.enabledAt})::int from ${members}))`;
  const audit = auditCte(db, enrolled);
  return policyRead(db.with(members, audit), members).prepare('mfa_policy_audited');
});

export async function auditedPolicy(db: Database, audit: AuditValues): Promise<MfaPolicy> {
  return policyOf(await auditedPolicyStatement(db).execute(audit));
}
