import { z } from 'zod';
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
  .trim()
  .min(1, CLINICIAN_MESSAGES.regIdRequired)
  .max(MAX_REG_ID_LENGTH, CLINICIAN_MESSAGES.regIdTooLong);

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

/** The Edit clinician form: the Add form's fields, with email and Reg Id shown read-only. */
export const editClinicianFormSchema = createClinicianRequestSchema.extend({ id: idSchema });
export type EditClinicianForm = z.infer<typeof editClinicianFormSchema>;

/** Deactivate (SUSPENDED) or reactivate (ACTIVATED) a clinician. */
export const CLINICIAN_STATUS_CHANGES = ['ACTIVATED', 'SUSPENDED'] as const;
export const clinicianStatusRequestSchema = z.object({
  id: idSchema,
  status: z.enum(CLINICIAN_STATUS_CHANGES, { error: CLINICIAN_MESSAGES.statusInvalid }),
});
export type ClinicianStatusRequest = z.infer<typeof clinicianStatusRequestSchema>;

/** A clinician row of the admin home (spec §3 'Clinician'). */
export const clinicianSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  dea_reg_id: z.string().nullable(),
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
