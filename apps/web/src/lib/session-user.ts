import { sessionUserSchema } from '@recovery-portal/contract/users';
import type { SessionUser } from '@recovery-portal/contract/users';

/** The stored user when it still matches the contract, else null (say, after a new release). */
export function parseSessionUser(value: unknown): SessionUser | null {
  const parsed = sessionUserSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
