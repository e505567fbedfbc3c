import * as z from 'zod/mini';
import { CLINICAL_RECORD_CATEGORIES, type ClinicalRecordCategory } from './clinical-records';
import {
  conversationMarkerSchema,
  transcriptMessageSchema,
  type ConversationMarker,
  type TranscriptMessage,
} from './conversations';
import { isCalendarDate } from './calendar-dates';
import { nudgeFeedbackSchema, nudgeStatusSchema } from './nudges';
import {
  groupRefSchema,
  participantIdField,
  phoneNumberSchema,
  updateParticipantTypeSchema,
} from './participants';
import { mrnSchema } from './participant-identity';
import { idSchema, participantTypeSchema, userStatusSchema } from './users';
import { emailSchema, firstNameSchema, lastNameSchema, personNameSchema } from './validation';

// ---------------------------------------------------------------------------------------------
// Request pieces shared by every participant-details call
// ---------------------------------------------------------------------------------------------

export const PARTICIPANT_ID_MESSAGE = 'The participant id must be a positive whole number.';

/** `?user_id=` of the GET calls (telemetry, user nudges, survey responses). */
export const participantQuerySchema = z.object({ user_id: participantIdField() });

/** `{id}` of /api/user/id/{id}, /api/chat/getchatlist/{id} and the other path calls. */
export const participantPathSchema = z.object({ id: participantIdField(PARTICIPANT_ID_MESSAGE) });

export const DATE_STRING_MESSAGE = 'date_string must be a date written YYYY-MM-DD.';

/** A `date_string` (YYYY-MM-DD, a real calendar day); callers leave it out for today (UTC). */
export const dateStringSchema = z
  .string({ error: DATE_STRING_MESSAGE })
  .check(
    z.maxLength(10, DATE_STRING_MESSAGE),
    z.refine(isCalendarDate, { error: DATE_STRING_MESSAGE }),
  );

const isoDay = z.iso.date();
const timestamp = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// GET /api/user/id/{id}
// ---------------------------------------------------------------------------------------------

/** One entry of a left-panel card (Lab Results, Medications, …). */
export const clinicalRecordSchema = z.object({
  title: z.string(),
  detail: z.nullable(z.string()),
  /** YYYY-MM-DD, null when unknown. */
  recorded_on: z.nullable(isoDay),
});
export type ClinicalRecord = z.infer<typeof clinicalRecordSchema>;

/** Every category is present; an empty list is a card saying 'No data available'. */
export const clinicalRecordsSchema = z.object(
  Object.fromEntries(CLINICAL_RECORD_CATEGORIES.map((c) => [c, z.array(clinicalRecordSchema)])) as {
    [K in ClinicalRecordCategory]: z.ZodMiniArray<typeof clinicalRecordSchema>;
  },
);
export type ClinicalRecords = z.infer<typeof clinicalRecordsSchema>;

const count = z.nullable(z.int().check(z.nonnegative()));

/**
 * The participant profile of spec §3 (response `_data`). Records in each category are newest
 * first. weight/bmi are the latest stored measurements of any source (bmi 2 decimals); the
 * 7-day counts are null when no app activity was ever recorded.
 */
export const participantProfileSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  /** The participant's email. */
  user_name: z.string(),
  /** Whole years on today's date (UTC); null without a birth date. */
  age: z.nullable(z.int().check(z.nonnegative())),
  birth_date: z.nullable(isoDay),
  /** The clinic's medical record number; null when it has none. */
  mrn: z.nullable(z.string()),
  gender: z.nullable(z.string()),
  /** cm */
  height: z.nullable(z.number()),
  /** kg */
  weight: z.nullable(z.number()),
  weight_date: z.nullable(isoDay),
  bmi: z.nullable(z.number()),
  bmi_date: z.nullable(isoDay),
  user_type: participantTypeSchema,
  /** The user group's name. */
  group: z.nullable(z.string()),
  group_id: z.nullable(z.int()),
  phone_number: z.nullable(z.string()),
  status: userStatusSchema,
  allow_demo_mode: z.boolean(),
  /** Name of the connected tracker, null when none. */
  tracker_connected: z.nullable(z.string()),
  last_app_open: z.nullable(timestamp),
  active_session_count: count,
  coach_chat_count: count,
  coach_call_count: count,
  nudge_open_count: count,
  invited_on: z.nullable(timestamp),
  joined_on: z.nullable(timestamp),
  /** From the latest coach conversation. */
  next_best_action: z.nullable(z.string()),
  next_visit_date: z.nullable(isoDay),
  /** When the latest measurement arrived: lets the portal say when telemetry stopped. */
  data_last_received_at: z.nullable(timestamp),
  clinical_records: clinicalRecordsSchema,
});
export type ParticipantProfile = z.infer<typeof participantProfileSchema>;

// ---------------------------------------------------------------------------------------------
// PATCH /api/user/update
// ---------------------------------------------------------------------------------------------

export const PARTICIPANT_GENDERS = [
  'Female',
  'Male',
  'Non-binary',
  'Other',
  'Prefer not to say',
] as const;
const GENDER_MESSAGE = `Gender must be one of ${PARTICIPANT_GENDERS.join(', ')}.`;

export const MIN_HEIGHT_CM = 40;
export const MAX_HEIGHT_CM = 250;
const HEIGHT_MESSAGE = `Height must be a number of centimetres from ${MIN_HEIGHT_CM} to ${MAX_HEIGHT_CM}.`;
const BIRTH_DATE_MESSAGE = 'Birth date must be a past date written YYYY-MM-DD, not before 1900.';

export const PROFILE_MESSAGES = {
  nothingToChange:
    'Send at least one field to change: name, first_name, last_name, email, mrn, phone_number, gender, birth_date, height_cm or group.',
  heightInvalid: HEIGHT_MESSAGE,
  birthDateInvalid: BIRTH_DATE_MESSAGE,
  updateSuccess: 'Successfully updated the participant.',
  notDemo: 'Only Demo participants have demo conversations.',
  demoModeUpdated: 'Demo mode updated.',
} as const;

const EDITABLE_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'mrn',
  'phone_number',
  'gender',
  'birth_date',
  'height_cm',
  'group',
];

const birthDateSchema = z.string({ error: BIRTH_DATE_MESSAGE }).check(
  z.maxLength(10, BIRTH_DATE_MESSAGE),
  z.refine(
    (value) =>
      value === '' ||
      (isCalendarDate(value) &&
        value >= '1900-01-01' &&
        value <= new Date().toISOString().slice(0, 10)),
    { error: BIRTH_DATE_MESSAGE },
  ),
);

/**
 * The body of PATCH /api/user/update. What it edits depends on whom the id names:
 * - a participant (callers: clinicians): any of the optional fields, each validated as at
 *   invitation; `name` is split at its first space into first and last name (first_name and
 *   last_name set them one by one); `null` or '' clears mrn, phone_number, gender, birth_date
 *   and height_cm; a new email must be no one else's (409); the answer is the updated profile.
 * - a clinician (callers: administrators): only `name`, which is then required
 *   (updateClinicianRequestSchema); the answer is the clinician.
 */
export const updateUserRequestSchema = z
  .object({
    id: idSchema,
    name: z.optional(personNameSchema),
    first_name: z.optional(firstNameSchema),
    last_name: z.optional(lastNameSchema),
    email: z.optional(emailSchema),
    mrn: z.nullish(mrnSchema),
    phone_number: z.nullish(phoneNumberSchema),
    gender: z.nullish(
      z.enum([...PARTICIPANT_GENDERS, ''], {
        error: GENDER_MESSAGE,
      }),
    ),
    birth_date: z.nullish(birthDateSchema),
    height_cm: z.nullish(
      z
        .number({ error: HEIGHT_MESSAGE })
        .check(z.gte(MIN_HEIGHT_CM, HEIGHT_MESSAGE), z.lte(MAX_HEIGHT_CM, HEIGHT_MESSAGE)),
    ),
    group: z.optional(groupRefSchema),
  })
  .check(
    z.refine(
      (body) =>
        EDITABLE_FIELDS.some((field) => (body as Record<string, unknown>)[field] !== undefined),
      { error: PROFILE_MESSAGES.nothingToChange },
    ),
  );
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;
export type UpdateParticipantRequest = UpdateUserRequest;

/**
 * The Edit Participant form (spec §2 'Other dialogs', widened): the type, which the portal saves
 * with PATCH /api/user/user-type as the spec has it, and the details it saves with PATCH
 * /api/user/update. Empty text clears the optional fields.
 */
export const editParticipantFormSchema = z.object({
  user_type: updateParticipantTypeSchema.shape.user_type,
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
  phone_number: phoneNumberSchema,
  birth_date: birthDateSchema,
  group: groupRefSchema,
  mrn: mrnSchema,
});
export type EditParticipantFormInput = z.input<typeof editParticipantFormSchema>;
export type EditParticipantForm = z.output<typeof editParticipantFormSchema>;

// ---------------------------------------------------------------------------------------------
// PATCH /api/user/update-allow-demo-mode
// ---------------------------------------------------------------------------------------------

export const updateAllowDemoModeSchema = z.object({
  user_id: participantIdField(),
  allow_demo_mode: z.boolean({ error: 'allow_demo_mode must be true or false.' }),
});

export const allowDemoModeResponseSchema = z.object({
  user_id: z.int(),
  allow_demo_mode: z.boolean(),
});
export type AllowDemoModeResponse = z.infer<typeof allowDemoModeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/nudge/user-nudges?user_id=
// ---------------------------------------------------------------------------------------------

/** '' when the participant gave no feedback (spec §3 `feedback_type_string`). */
export const feedbackTypeStringSchema = z.enum(['THUMBS_UP', 'THUMBS_DOWN', '']);

/**
 * A nudge on the profile. The list comes in server order — ascending target_date, then send
 * time — and the portal reverses it and numbers the rows itself (spec §3, §4).
 */
export const profileNudgeSchema = z.object({
  id: z.int(),
  title: z.string(),
  content: z.string(),
  target_date: isoDay,
  /** HH:mm */
  send_time: z.string(),
  tracking_type: nudgeStatusSchema,
  feedback_type: z.nullable(nudgeFeedbackSchema),
  feedback_type_string: feedbackTypeStringSchema,
  opened_at: z.nullable(timestamp),
});
export type ProfileNudge = z.infer<typeof profileNudgeSchema>;
export const profileNudgeListSchema = z.array(profileNudgeSchema);

// ---------------------------------------------------------------------------------------------
// GET /api/chat/getchatlist/{id} and /api/chat/getallconversations/{id}/demo
// ---------------------------------------------------------------------------------------------

/**
 * A coach conversation on the profile (spec §3 'Conversation (profile)'), newest first.
 * `markers` and `chat_threads` are JSON strings as the spec says: parse them with
 * parseConversationMarkers and parseChatThreads. `extract` is the markers' content joined with
 * ', ' (the Extract column).
 */
export const profileConversationSchema = z.object({
  id: z.int(),
  chat_start_date: timestamp,
  chat_end_date: timestamp,
  summary: z.string(),
  patient_summary: z.string(),
  /** JSON text of ConversationMarker[]. */
  markers: z.string(),
  /** JSON text of TranscriptMessage[]; userId 'Coach' marks the coach's messages. */
  chat_threads: z.string(),
  extract: z.string(),
  next_best_action: z.nullable(z.string()),
  next_visit_date: z.nullable(isoDay),
});
export type ProfileConversation = z.infer<typeof profileConversationSchema>;
export const profileConversationListSchema = z.array(profileConversationSchema);

function parseJsonList<T extends z.ZodMiniType>(schema: T, text: string): z.infer<T>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The markers of a profile conversation; malformed text or items are dropped, never thrown. */
export function parseConversationMarkers(text: string): ConversationMarker[] {
  return parseJsonList(conversationMarkerSchema, text);
}

/** The messages of a profile conversation, in order; malformed ones are dropped. */
export function parseChatThreads(text: string): TranscriptMessage[] {
  return parseJsonList(transcriptMessageSchema, text);
}

/** A Demo participant's conversation with markers and transcript as lists, oldest first. */
export const demoConversationSchema = z.object({
  id: z.int(),
  chat_start_date: timestamp,
  chat_end_date: timestamp,
  summary: z.string(),
  patient_summary: z.string(),
  markers: z.array(conversationMarkerSchema),
  transcript: z.array(transcriptMessageSchema),
  next_best_action: z.nullable(z.string()),
  next_visit_date: z.nullable(isoDay),
});
export type DemoConversation = z.infer<typeof demoConversationSchema>;
export const demoConversationListSchema = z.array(demoConversationSchema);
