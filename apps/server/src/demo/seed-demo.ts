import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { appMeta } from '#app/db/schema/app-meta';
import { createStaffAccount } from '#app/core/staff-accounts/create-staff-account';
import { seedCareTeam } from './care-team-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoParticipant } from './demo-participant';
import {
  DEMO_PARTICIPANT_COUNT,
  ensureDemoGroups,
  generateDemoProgramme,
  skipForeignKeyChecksInTransaction,
} from './demo-generator';

const SEED_KEY = 'demo_seed';
/** Arbitrary constant: serialises seeding when several servers start against one PostgreSQL. */
const SEED_LOCK_KEY = 4_211_978;

/** True when the demo seed has already run on this database. */
export async function isDemoSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
  return Boolean(row);
}

export interface SeedDemoOptions {
  /** The day the programme is generated around (default: now); the same day gives the same data. */
  now?: Date;
  /** Number of participants (default DEMO_PARTICIPANT_COUNT). */
  participants?: number;
}

/** Records that the demo seed ran, so the server does not seed again. */
export async function markDemoSeeded(db: Database, at: Date): Promise<void> {
  await db.insert(appMeta).values({ key: SEED_KEY, value: at.toISOString() }).onConflictDoNothing();
}

/**
 * Seeds the demo once: groups, staff logins, a deterministic recovery programme and the demo
 * participant's login. All of it, with the marker row last, is one transaction, so a crash
 * mid-seed leaves nothing and the next start seeds again. Returns false when the database was
 * already seeded.
 */
export async function seedDemoData(db: Database, options: SeedDemoOptions = {}): Promise<boolean> {
  if (await isDemoSeeded(db)) return false;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Another server may have seeded while this one waited for the lock.
    if (await isDemoSeeded(tx)) return false;
    await skipForeignKeyChecksInTransaction(tx);
    await ensureDemoGroups(tx);
    for (const account of DEMO_ACCOUNTS) {
      await createStaffAccount(tx, { ...account, password: DEMO_PASSWORD });
    }
    await generateDemoProgramme(tx, {
      now,
      participants: options.participants ?? DEMO_PARTICIPANT_COUNT,
    });
    await seedDemoParticipant(tx);
    await seedCareTeam(tx, now);
    await markDemoSeeded(tx, now);
    return true;
  });
}
