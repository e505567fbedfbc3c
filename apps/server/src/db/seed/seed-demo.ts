import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { appMeta } from '../schema/app-meta';
import { userGroups } from '../schema/users';
import { createStaffAccount } from '../../features/account/create-staff-account';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

const SEED_KEY = 'demo_seed';
export const DEMO_GROUPS = ['CZ', 'Knee Recovery', 'Hip Recovery', 'Cardiac Rehab'];

/** True when the demo seed has already run on this database. */
export async function isDemoSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
  return Boolean(row);
}

/**
 * Seeds the demo programme once: groups and staff logins. The marker row is written in the same
 * transaction, so a crash mid-seed leaves nothing and the next start seeds again.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (await isDemoSeeded(db)) return false;
  await db.transaction(async (tx) => {
    await tx.insert(userGroups).values(DEMO_GROUPS.map((name) => ({ name }))).onConflictDoNothing();
    for (const account of DEMO_ACCOUNTS) {
      await createStaffAccount(tx, { ...account, password: DEMO_PASSWORD });
    }
    await tx.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() });
  });
  return true;
}
