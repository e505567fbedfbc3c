import * as z from 'zod/mini';
import { staffRoleSchema } from './users';

/**
 * Care team (ADR 0018): each participant has at most one responsible clinician, a staff member
 * (clinician or administrator). "Mine" narrows the participants list and the Flags screen to the
 * participants the signed-in staff member is responsible for.
 */

/** The URL search parameter of the "Mine" filter on the participants list and the Flags screen. */
export const MINE_URL_PARAM = 'mine';
/** Its value when on (`?mine=1`); absent when off. */
export const MINE_URL_VALUE = '1';

/** At most this many participants are assigned in one request (the list pages by at most 100). */
export const MAX_BULK_ASSIGN = 100;

const MAX_ID = 2_147_483_647;

export const CARE_TEAM_MESSAGES = {
  participantIdsInvalid: `participant_ids must be a list of 1 to ${MAX_BULK_ASSIGN} different participant ids.`,
  clinicianIdInvalid: 'clinician_id must be a staff member id, or null to remove the assignment.',
  notAssignable: (id: number) =>
    `Staff member ${id} cannot be made responsible: only active clinicians and administrators can.`,
  participantsNotFound: (ids: readonly number[]) =>
    `There is no participant with id ${ids.join(', ')}; nothing was changed.`,
  assigned: (count: number, name: string | null) =>
    name === null
      ? `Removed the responsible clinician of ${count === 1 ? '1 participant' : `${count} participants`}.`
      : `${name} is now responsible for ${count === 1 ? '1 participant' : `${count} participants`}.`,
  assignError: 'The responsible clinician could not be changed. Please try again.',
  chooseResponsible: 'Choose a clinician, or Nobody to remove the responsible clinician.',
  confirmClearTitle: (count: number) =>
    `Remove the responsible clinician of ${count === 1 ? '1 participant' : `${count} participants`}?`,
  confirmClearBody: 'They will show as Unassigned until someone is made responsible again.',
  staffLoadError: 'Could not load the staff who can be made responsible.',
} as const;

const idOf = (message: string) =>
  z
    .number({ error: message })
    .check(z.int(message), z.positive(message), z.maximum(MAX_ID, message));

/** A staff member as the care team shows them. */
export const careTeamMemberSchema = z.object({ id: z.int(), name: z.string() });
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

/** GET /api/care-team/staff — who can be made responsible or be given a task, by name. */
export const assignableStaffSchema = z.array(
  z.extend(careTeamMemberSchema, { role: staffRoleSchema }),
);
export type AssignableStaff = z.infer<typeof assignableStaffSchema>;

/**
 * POST /api/care-team/assign — makes `clinician_id` responsible for every listed participant
 * (one from the details page, several from the list's selection); null removes the assignment.
 * All or nothing: an unknown participant or an unassignable staff member changes nothing.
 */
export const assignResponsibleSchema = z.object({
  participant_ids: z
    .array(idOf(CARE_TEAM_MESSAGES.participantIdsInvalid), {
      error: CARE_TEAM_MESSAGES.participantIdsInvalid,
    })
    .check(
      z.minLength(1, CARE_TEAM_MESSAGES.participantIdsInvalid),
      z.maxLength(MAX_BULK_ASSIGN, CARE_TEAM_MESSAGES.participantIdsInvalid),
      z.refine((ids) => new Set(ids).size === ids.length, CARE_TEAM_MESSAGES.participantIdsInvalid),
    ),
  clinician_id: z.nullable(idOf(CARE_TEAM_MESSAGES.clinicianIdInvalid)),
});
export type AssignResponsible = z.infer<typeof assignResponsibleSchema>;

/** The Assign to… choice meaning "remove the assignment" (the select's values are text). */
export const NOBODY_CHOICE = 'nobody';

/**
 * The Assign to… form: nothing is chosen when it opens (no default that one click would apply),
 * then a staff member's id or NOBODY_CHOICE, which asks before it clears.
 */
export const assignChoiceSchema = z.object({
  choice: z.string({ error: CARE_TEAM_MESSAGES.chooseResponsible }).check(
    z.refine((value) => value === NOBODY_CHOICE || /^\d{1,10}$/.test(value), {
      error: CARE_TEAM_MESSAGES.chooseResponsible,
    }),
  ),
});
export type AssignChoice = z.infer<typeof assignChoiceSchema>;

/** The answer to an assignment: who is now responsible for which participants. */
export const assignResponsibleResultSchema = z.object({
  participant_ids: z.array(z.int()),
  responsible: z.nullable(careTeamMemberSchema),
});
export type AssignResponsibleResult = z.infer<typeof assignResponsibleResultSchema>;

/** GET /api/care-team/participant/:id — the participant's responsible clinician, if any. */
export const participantCareTeamSchema = z.object({
  user_id: z.int(),
  responsible: z.nullable(careTeamMemberSchema),
});
export type ParticipantCareTeam = z.infer<typeof participantCareTeamSchema>;

/** The critical-flag digest mail: a count and a link, never a name, id or flag text (no PHI). */
export const CARE_TEAM_DIGEST_MAIL = {
  subject: 'New critical flags on your participants',
  text: (count: number, link: string) =>
    [
      count === 1
        ? 'A new critical flag was raised on one of the participants you are responsible for.'
        : `${count} new critical flags were raised on participants you are responsible for.`,
      '',
      `Review them in the portal (sign-in required): ${link}`,
      '',
      'You receive this because you are the responsible clinician. Details are only in the portal.',
    ].join('\n'),
} as const;
