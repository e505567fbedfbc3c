import * as z from 'zod/mini';
import { PARTICIPANT_TYPES } from './constants';

export const ROLES = ['CLINICIAN', 'ADMINISTRATOR', 'PARTICIPANT'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles that may sign in to the portal; PARTICIPANT accounts belong to the mobile app. */
export const STAFF_ROLES = ['CLINICIAN', 'ADMINISTRATOR'] as const satisfies readonly Role[];
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const USER_STATUSES = ['ACTIVATED', 'PENDING_ACTIVATION', 'SUSPENDED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export { DEFAULT_PARTICIPANT_TYPE, PARTICIPANT_TYPES, type ParticipantType } from './constants';
export const participantTypeSchema = z.enum(PARTICIPANT_TYPES, {
  error: 'Participant type must be one of Internal, Pilot or Demo.',
});

/** Database ids travel as positive integers; path and query strings are coerced. */
export const idSchema = z.coerce
  .number({ error: 'The id must be a positive whole number.' })
  .check(
    z.int('The id must be a positive whole number.'),
    z.positive('The id must be a positive whole number.'),
    z.maximum(2_147_483_647, 'The id is out of range.'),
  );

/** The staff member kept in session storage under `user`. */
export const sessionUserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  user_name: z.string(),
  role: staffRoleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
