import * as z from 'zod/mini';
import { MAX_EMAIL_LENGTH } from './validation';

export const THROTTLE_MESSAGES = {
  cleared: 'Sign-in throttle cleared; the next attempt is not delayed.',
  notFound: 'There are no failed sign-ins to clear for this account and address.',
  fetchError: 'Error fetching sign-in throttles',
  addressInvalid: 'client_address must be the address shown in the list.',
} as const;

/**
 * Failed sign-ins in the throttle window of one account at one address, or (email null) of one
 * address over every account. `waits_until` is when its next attempt is allowed, while it waits.
 * `trusted_browser`: those came from a browser the account had signed in from (its device
 * cookie), which has its own budget apart from the account's other failures at the address.
 */
export const signInThrottleSchema = z.object({
  email: z.nullable(z.string()),
  client_address: z.string(),
  trusted_browser: z.boolean(),
  failures: z.int(),
  last_failure_at: z.string(),
  waits_until: z.nullable(z.string()),
});
export type SignInThrottle = z.infer<typeof signInThrottleSchema>;
export const signInThrottleListSchema = z.array(signInThrottleSchema);

/** POST /api/staff/sign-in-throttles/clear: forgets the failures of the row. */
export const clearSignInThrottleRequestSchema = z.object({
  email: z.nullable(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(MAX_EMAIL_LENGTH)),
  ),
  client_address: z
    .string({ error: THROTTLE_MESSAGES.addressInvalid })
    .check(
      z.minLength(1, THROTTLE_MESSAGES.addressInvalid),
      z.maxLength(64, THROTTLE_MESSAGES.addressInvalid),
    ),
});
export type ClearSignInThrottleRequest = z.infer<typeof clearSignInThrottleRequestSchema>;

export const clearedSignInThrottleSchema = z.object({
  cleared: z.int(),
  message: z.string(),
});
export type ClearedSignInThrottle = z.infer<typeof clearedSignInThrottleSchema>;
