import * as z from 'zod/mini';
import { idSchema, userStatusSchema } from './users';
import { emailSchema, personNameSchema } from './validation';

export const MAX_REG_ID_LENGTH = 64;

export const CLINICIAN_MESSAGES = {
  regIdRequired: 'Reg Id is required',
  regIdTooLong: `Reg Id must be at most ${MAX_REG_ID_LENGTH} characters`,
  statusInvalid: 'status must be ACTIVATED or SUSPENDED.',
  duplicateEmail: 'A user with this email already exists.',
  duplicateRegId: 'A clinician with this Reg Id already exists.',
  notFound: 'This clinician does not exist.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  deactivated: 'Clinician deactivated.',
  reactivated: 'Clinician reactivated.',
} as const;

/** The clinician's registration id ('Reg Id' on screen, `dea_reg_id` on the wire). */
export const regIdSchema = z
  .string({ error: CLINICIAN_MESSAGES.regIdRequired })
  .check(
    z.trim(),
    z.minLength(1, CLINICIAN_MESSAGES.regIdRequired),
    z.maxLength(MAX_REG_ID_LENGTH, CLINICIAN_MESSAGES.regIdTooLong),
  );

/** POST /api/user/create-surgeon — also the Add clinician form (spec §5). */
export const createClinicianRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  dea_reg_id: regIdSchema,
});
export type CreateClinicianRequest = z.infer<typeof createClinicianRequestSchema>;

/**
 * PATCH /api/user/update for a clinician: only the name changes. Email and Reg Id are read-only
 * in the Edit form; if a client sends them they are ignored.
 */
export const updateClinicianRequestSchema = z.object({
  id: idSchema,
  name: personNameSchema,
});
export type UpdateClinicianRequest = z.infer<typeof updateClinicianRequestSchema>;

/** Deactivate (SUSPENDED) or reactivate (ACTIVATED) a clinician. */
export const CLINICIAN_STATUS_CHANGES = ['ACTIVATED', 'SUSPENDED'] as const;
export const clinicianStatusRequestSchema = z.object({
  id: idSchema,
  status: z.enum(CLINICIAN_STATUS_CHANGES, { error: CLINICIAN_MESSAGES.statusInvalid }),
});
export type ClinicianStatusRequest = z.infer<typeof clinicianStatusRequestSchema>;

/** A clinician row of the admin home (spec §3 'Clinician'). */
export const clinicianSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  dea_reg_id: z.nullable(z.string()),
  status: userStatusSchema,
});
export type Clinician = z.infer<typeof clinicianSchema>;

export const clinicianListSchema = z.array(clinicianSchema);

/** Splits the form's single name into first name (first word) and last name (the rest). */
export function splitPersonName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

/** The name shown in the table and prefilled in the Edit form. */
export function clinicianDisplayName(clinician: { first_name: string; last_name: string }): string {
  return `${clinician.first_name} ${clinician.last_name}`.trim();
}

export const SESSION_MESSAGES = {
  staffNotFound: 'This staff member does not exist.',
  sessionIdInvalid: 'The session id is not valid.',
  sessionNotFound: 'This session has already ended.',
  revoked: 'Session revoked; it is signed out at once.',
  revokedAll: 'All sessions revoked; they are signed out at once.',
  fetchError: 'Error fetching sessions',
} as const;

/**
 * A staff member's sign-in session: one login and the refresh tokens it has rotated through.
 * `last_used_at` is when it last signed in or renewed its access token, so the session was
 * in use at most one access-token lifetime after it.
 */
export const staffSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  client_address: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionListSchema = z.array(staffSessionSchema);

/** GET|DELETE /api/staff/:id/sessions */
export const staffSessionsParamsSchema = z.object({ id: idSchema });

/** DELETE /api/staff/:id/sessions/:sessionId */
export const staffSessionParamsSchema = z.object({
  id: idSchema,
  sessionId: z.uuid({ error: SESSION_MESSAGES.sessionIdInvalid }),
});

/** How many live sessions a revocation ended. */
export const revokedSessionsSchema = z.object({
  revoked: z.int(),
  message: z.string(),
});
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;
