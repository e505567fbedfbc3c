import type { StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import { conflict } from '#app/lib/app-error';
import { findUserByEmail } from './staff-accounts.repository';
import { hashPassword } from './passwords';

export interface NewStaffAccount {
  role: StaffRole;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an activated staff account with a password (seed data and the user:create CLI). */
export async function createStaffAccount(db: Database, account: NewStaffAccount) {
  const email = account.email.toLowerCase();
  if (await findUserByEmail(db, email))
    throw conflict(`An account with the email ${email} already exists.`);
  const [row] = await db
    .insert(users)
    .values({
      role: account.role,
      status: 'ACTIVATED',
      email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      joinedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}
