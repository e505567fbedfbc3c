import * as z from 'zod/mini';
import { isCalendarDate } from './calendar-dates';
import { participantIdField } from './participants';

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

/** Procedures a surgery record can name; OTHER covers the rest (describe it in the notes). */
export const SURGERY_PROCEDURES = [
  'TOTAL_KNEE_REPLACEMENT',
  'PARTIAL_KNEE_REPLACEMENT',
  'TOTAL_HIP_REPLACEMENT',
  'HIP_RESURFACING',
  'ACL_RECONSTRUCTION',
  'MENISCUS_REPAIR',
  'ROTATOR_CUFF_REPAIR',
  'TOTAL_SHOULDER_REPLACEMENT',
  'SPINAL_FUSION',
  'CORONARY_ARTERY_BYPASS_GRAFT',
  'OTHER',
] as const;
export const surgeryProcedureSchema = z.enum(SURGERY_PROCEDURES, {
  error: 'Choose a procedure from the list.',
});
export type SurgeryProcedure = z.infer<typeof surgeryProcedureSchema>;

export const SURGERY_PROCEDURE_LABELS: Record<SurgeryProcedure, string> = {
  TOTAL_KNEE_REPLACEMENT: 'Total knee replacement',
  PARTIAL_KNEE_REPLACEMENT: 'Partial knee replacement',
  TOTAL_HIP_REPLACEMENT: 'Total hip replacement',
  HIP_RESURFACING: 'Hip resurfacing',
  ACL_RECONSTRUCTION: 'ACL reconstruction',
  MENISCUS_REPAIR: 'Meniscus repair',
  ROTATOR_CUFF_REPAIR: 'Rotator cuff repair',
  TOTAL_SHOULDER_REPLACEMENT: 'Total shoulder replacement',
  SPINAL_FUSION: 'Spinal fusion',
  CORONARY_ARTERY_BYPASS_GRAFT: 'Coronary artery bypass graft',
  OTHER: 'Other procedure',
};

export const SURGERY_SIDES = ['LEFT', 'RIGHT', 'BILATERAL', 'NOT_APPLICABLE'] as const;
export const surgerySideSchema = z.enum(SURGERY_SIDES, {
  error: 'Side must be LEFT, RIGHT, BILATERAL or NOT_APPLICABLE.',
});
export type SurgerySide = z.infer<typeof surgerySideSchema>;

export const SURGERY_SIDE_LABELS: Record<SurgerySide, string> = {
  LEFT: 'Left',
  RIGHT: 'Right',
  BILATERAL: 'Bilateral',
  NOT_APPLICABLE: 'Not applicable',
};

// ---------------------------------------------------------------------------------------------
// Limits and messages
// ---------------------------------------------------------------------------------------------

export const MAX_SURGEON_LENGTH = 120;
export const MAX_HOSPITAL_LENGTH = 160;
export const MAX_SURGERY_NOTES_LENGTH = 2000;
/** Earliest surgery date accepted. */
export const SURGERY_DATE_MIN = '1950-01-01';
/** A surgery may be booked at most this many days ahead of today (UTC). */
export const SURGERY_DATE_MAX_DAYS_AHEAD = 730;

export const SURGERY_MESSAGES = {
  surgeonRequired: 'Surgeon is required.',
  surgeonTooLong: `Surgeon must be at most ${MAX_SURGEON_LENGTH} characters.`,
  hospitalRequired: 'Hospital is required.',
  hospitalTooLong: `Hospital must be at most ${MAX_HOSPITAL_LENGTH} characters.`,
  notesTooLong: `Notes must be at most ${MAX_SURGERY_NOTES_LENGTH} characters.`,
  notesInvalid: 'Notes must be text.',
  dateInvalid: 'Surgery date must be a date written YYYY-MM-DD.',
  dateOutOfRange: `Surgery date must be between ${SURGERY_DATE_MIN} and two years from today.`,
  surgeryIdInvalid: 'surgery_id must be a positive whole number.',
  idInvalid: 'id must be a surgery id (a positive whole number).',
  notFound: (surgeryId: number, userId: number) =>
    `There is no surgery ${surgeryId} for participant ${userId}.`,
  added: 'Surgery added.',
  updated: 'Surgery updated.',
} as const;

/** Latest acceptable surgery date (YYYY-MM-DD) as of `now`. */
export function latestSurgeryDate(now: Date = new Date()): string {
  return new Date(now.getTime() + SURGERY_DATE_MAX_DAYS_AHEAD * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** A YYYY-MM-DD surgery date from SURGERY_DATE_MIN to SURGERY_DATE_MAX_DAYS_AHEAD from today. */
export const surgeryDateSchema = z.string({ error: SURGERY_MESSAGES.dateInvalid }).check(
  z.maxLength(10, SURGERY_MESSAGES.dateInvalid),
  z.refine(isCalendarDate, { error: SURGERY_MESSAGES.dateInvalid }),
  z.refine((value) => value >= SURGERY_DATE_MIN && value <= latestSurgeryDate(), {
    error: SURGERY_MESSAGES.dateOutOfRange,
  }),
);

function requiredText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));
}

/** A surgery id in a query string or JSON body ('12' or 12). */
export function surgeryIdField(message: string = SURGERY_MESSAGES.surgeryIdInvalid) {
  return participantIdField(message);
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The editable fields of a surgery (add and update dialogs). Empty notes are stored as null. */
export const surgeryFieldsSchema = z.object({
  procedure: surgeryProcedureSchema,
  side: surgerySideSchema,
  surgery_date: surgeryDateSchema,
  surgeon: requiredText(
    SURGERY_MESSAGES.surgeonRequired,
    SURGERY_MESSAGES.surgeonTooLong,
    MAX_SURGEON_LENGTH,
  ),
  hospital: requiredText(
    SURGERY_MESSAGES.hospitalRequired,
    SURGERY_MESSAGES.hospitalTooLong,
    MAX_HOSPITAL_LENGTH,
  ),
  notes: z.pipe(
    z.nullish(
      z
        .string({ error: SURGERY_MESSAGES.notesInvalid })
        .check(z.trim(), z.maxLength(MAX_SURGERY_NOTES_LENGTH, SURGERY_MESSAGES.notesTooLong)),
    ),
    z.transform((value) => (value ? value : null)),
  ),
});
export type SurgeryFields = z.input<typeof surgeryFieldsSchema>;

/** POST /api/surgery/surgery */
export const addSurgeryRequestSchema = z.extend(surgeryFieldsSchema, {
  user_id: participantIdField(),
});
export type AddSurgeryRequest = z.output<typeof addSurgeryRequestSchema>;

/** PUT /api/surgery/surgery — every field is replaced; `user_id` must own surgery `id`. */
export const updateSurgeryRequestSchema = z.extend(addSurgeryRequestSchema, {
  id: surgeryIdField(SURGERY_MESSAGES.idInvalid),
});
export type UpdateSurgeryRequest = z.output<typeof updateSurgeryRequestSchema>;

/** GET /api/surgery/surgery-list?user_id= */
export const surgeryListQuerySchema = z.object({ user_id: participantIdField() });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const surgerySchema = z.object({
  id: z.int(),
  user_id: z.int(),
  procedure: surgeryProcedureSchema,
  side: surgerySideSchema,
  /** YYYY-MM-DD */
  surgery_date: z.iso.date(),
  surgeon: z.string(),
  hospital: z.string(),
  notes: z.nullable(z.string()),
  /** DICOM files uploaded for this surgery. */
  image_count: z.int().check(z.nonnegative()),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Surgery = z.infer<typeof surgerySchema>;

/** The participant's surgeries, latest surgery date first. */
export const surgeryListSchema = z.array(surgerySchema);

/**
 * Answer to add and update. `surveys_scheduled`: survey timepoints created from this surgery's
 * date (add, only when the participant had no survey schedule yet). `surveys_rescheduled`:
 * unsubmitted timepoints that were dated from this surgery and moved with its new date (update).
 */
export const surgeryMutationSchema = z.object({
  message: z.string(),
  surgery: surgerySchema,
  surveys_scheduled: z.int().check(z.nonnegative()),
  surveys_rescheduled: z.int().check(z.nonnegative()),
});
export type SurgeryMutation = z.infer<typeof surgeryMutationSchema>;
