import { z } from 'zod';
import {
  CLINICAL_RECORD_CATEGORIES,
  clinicalRecordCategorySchema,
} from '@recovery-portal/contract/clinical-records';
import {
  conversationMarkerSchema,
  transcriptMessageSchema,
} from '@recovery-portal/contract/conversations';
import { markersExtract } from '@recovery-portal/contract/coach';
import { MRN_MESSAGES } from '@recovery-portal/contract/participant-identity';
import { PARTICIPANT_ERRORS, splitPersonName } from '@recovery-portal/contract/participants';
import {
  PROFILE_MESSAGES,
  type AllowDemoModeResponse,
  type ClinicalRecord,
  type ClinicalRecords,
  type DemoConversation,
  type ParticipantProfile,
  type ProfileConversation,
  type ProfileNudge,
  type UpdateParticipantRequest,
} from '@recovery-portal/contract/profile';
import type { Database } from '#app/db/client';
import { engagementFields, isoInstant } from '#app/core/participant-engagement';
import { validItems } from '#app/lib/valid-items';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { findGroup } from '#app/core/participant-groups';
import { todayUtc, utcDay } from '#app/core/days';
import { roundTo } from '#app/core/numbers';
import { requireParticipant } from '#app/core/participant-lookup';
import { emailInUse } from '#app/core/email-in-use';
import { mrnInUse } from '#app/core/mrn-in-use';
import { violatedUniqueIndex } from '#app/db/errors';
import type { AuditValues } from '#app/core/audit/record-audit';
import * as repo from './profile.repository';
import { auditedConversations, auditedNudges, readProfileRow } from './audited-reads.repository';

/** Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD); null without one. */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) return null;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (hadBirthday ? 0 : 1));
}

/** One clinical record as the profile statement reads it (JSON). */
const clinicalRecordRowSchema = z.object({
  category: clinicalRecordCategorySchema,
  title: z.string(),
  detail: z.string().nullable(),
  recordedOn: z.string().nullable(),
});

function groupRecords(rows: z.infer<typeof clinicalRecordRowSchema>[]): ClinicalRecords {
  const grouped = Object.fromEntries(
    CLINICAL_RECORD_CATEGORIES.map((category) => [category, [] as ClinicalRecord[]]),
  ) as ClinicalRecords;
  for (const row of rows) {
    grouped[row.category].push({
      title: row.title,
      detail: row.detail,
      recorded_on: row.recordedOn,
    });
  }
  return grouped;
}

/** A field of PATCH /api/user/update whose value changed: before and after, for the audit trail. */
export type FieldChanges = Record<
  string,
  { before: string | number | null; after: string | number | null }
>;

/** The edited fields, under their API names, whose value differs from what was stored. */
function fieldChanges(
  before: repo.ProfileRow,
  changes: repo.ParticipantChanges,
  groupName: string | null,
): FieldChanges {
  const pairs: [string, string | number | null, string | number | null | undefined][] = [
    ['first_name', before.firstName, changes.firstName],
    ['last_name', before.lastName, changes.lastName],
    ['email', before.email, changes.email],
    ['mrn', before.mrn, changes.mrn],
    ['phone_number', before.phoneNumber, changes.phoneNumber],
    ['gender', before.gender, changes.gender],
    ['birth_date', before.birthDate, changes.birthDate],
    ['height_cm', before.heightCm, changes.heightCm],
    ['group', before.group, changes.groupId === undefined ? undefined : groupName],
  ];
  return Object.fromEntries(
    pairs
      .filter(([, was, now]) => now !== undefined && now !== was)
      .map(([field, was, now]) => [field, { before: was, after: now ?? null }]),
  );
}

/** Text of a value the edit may clear: '' and null both clear it. */
const clearable = <T>(value: T | '' | null | undefined): T | null | undefined =>
  value === '' ? null : value;

export function createProfileService(db: Database) {
  /**
   * The profile; with `audit`, read with the call's audit row (an edit and the report audit
   * themselves).
   */
  async function profile(
    id: number,
    audit: AuditValues | null = null,
  ): Promise<ParticipantProfile> {
    const row = await readProfileRow(db, id, audit);
    const records = validItems(clinicalRecordRowSchema, row.records);
    return {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      user_name: row.email,
      age: ageOn(row.birthDate, todayUtc()),
      birth_date: row.birthDate,
      mrn: row.mrn,
      gender: row.gender,
      height: row.heightCm === null ? null : roundTo(row.heightCm, 1),
      weight: row.weight === null ? null : roundTo(row.weight, 1),
      weight_date: row.weightAt ? utcDay(row.weightAt) : null,
      bmi: row.bmi === null ? null : roundTo(row.bmi, 2),
      bmi_date: row.bmiAt ? utcDay(row.bmiAt) : null,
      user_type: row.participantType ?? 'Internal',
      group: row.group,
      group_id: row.groupId,
      phone_number: row.phoneNumber,
      status: row.status,
      allow_demo_mode: row.allowDemoMode,
      ...engagementFields(row),
      next_best_action: row.nextBestAction,
      next_visit_date: row.nextVisitDate,
      data_last_received_at: isoInstant(row.lastAt),
      clinical_records: groupRecords(records),
    };
  }

  return {
    profile,

    /**
     * Edits a participant (PATCH /api/user/update from a clinician). Returns the profile and,
     * for the audit trail, each field whose value changed with its value before and after.
     * A new email or record number that someone else has is a 409 naming which.
     */
    async update(
      input: UpdateParticipantRequest,
    ): Promise<{ profile: ParticipantProfile; changes: FieldChanges }> {
      const before = await repo.findProfileRow(db, input.id);
      if (!before) throw notFound(PARTICIPANT_ERRORS.notFound(input.id));
      const changes: repo.ParticipantChanges = {};
      if (input.name !== undefined) {
        const { firstName, lastName } = splitPersonName(input.name);
        changes.firstName = firstName;
        changes.lastName = lastName;
      }
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.email !== undefined) changes.email = input.email.toLowerCase();
      const mrn = clearable(input.mrn);
      if (mrn !== undefined) changes.mrn = mrn;
      const phone = clearable(input.phone_number?.trim());
      if (phone !== undefined) changes.phoneNumber = phone;
      const gender = clearable(input.gender);
      if (gender !== undefined) changes.gender = gender;
      const birthDate = clearable(input.birth_date);
      if (birthDate !== undefined) changes.birthDate = birthDate;
      if (input.height_cm !== undefined) changes.heightCm = input.height_cm;
      let groupName = before.group;
      if (input.group !== undefined) {
        const group = await findGroup(db, input.group);
        if (!group)
          throw new AppError('UNPROCESSABLE', PARTICIPANT_ERRORS.unknownGroup(input.group));
        changes.groupId = group.id;
        groupName = group.name;
      }
      if (changes.email !== undefined && changes.email !== before.email) {
        if (await emailInUse(db, changes.email)) throw conflict(PARTICIPANT_ERRORS.emailTaken);
      }
      if (
        changes.mrn &&
        changes.mrn !== before.mrn &&
        (await mrnInUse(db, changes.mrn, input.id))
      ) {
        throw conflict(MRN_MESSAGES.taken(changes.mrn));
      }
      try {
        if (!(await repo.updateParticipant(db, input.id, changes))) {
          throw notFound(PARTICIPANT_ERRORS.notFound(input.id));
        }
      } catch (error) {
        // Two clinicians giving the same email or number at once: the unique indexes decide.
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        throw conflict(
          index.includes('mrn')
            ? MRN_MESSAGES.taken(changes.mrn ?? '')
            : PARTICIPANT_ERRORS.emailTaken,
        );
      }
      return {
        profile: await profile(input.id),
        changes: fieldChanges(before, changes, groupName),
      };
    },

    /** Turns demo mode on or off for the participant. */
    async setAllowDemoMode(id: number, allow: boolean): Promise<AllowDemoModeResponse> {
      if (!(await repo.setAllowDemoMode(db, id, allow))) {
        throw notFound(PARTICIPANT_ERRORS.notFound(id));
      }
      return { user_id: id, allow_demo_mode: allow };
    },

    /** The participant's nudges in server order (ascending target date), writing the audit row. */
    async nudges(id: number, audit: AuditValues): Promise<ProfileNudge[]> {
      const rows = await auditedNudges(db, id, audit);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        target_date: row.targetDate,
        send_time: row.sendTime,
        tracking_type: row.trackingType,
        feedback_type: row.feedbackType,
        feedback_type_string: row.feedbackType ?? '',
        opened_at: isoInstant(row.openedAt),
      }));
    },

    /**
     * The coach conversations of the profile, newest first, markers and messages as JSON text,
     * writing the audit row.
     */
    async conversations(id: number, audit: AuditValues): Promise<ProfileConversation[]> {
      const rows = await auditedConversations(db, id, audit);
      return rows.map((row) => {
        const markers = validItems(conversationMarkerSchema, row.markers);
        return {
          id: row.id,
          chat_start_date: row.startedAt.toISOString(),
          chat_end_date: row.endedAt.toISOString(),
          summary: row.summary,
          patient_summary: row.patientSummary,
          markers: JSON.stringify(markers),
          chat_threads: JSON.stringify(validItems(transcriptMessageSchema, row.transcript)),
          extract: markersExtract(markers),
          next_best_action: row.nextBestAction,
          next_visit_date: row.nextVisitDate,
        };
      });
    },

    /** Every conversation of a Demo participant, oldest first, with parsed markers and transcript. */
    async demoConversations(id: number): Promise<DemoConversation[]> {
      const participant = await requireParticipant(db, id);
      if (participant.participantType !== 'Demo') throw conflict(PROFILE_MESSAGES.notDemo);
      const rows = await repo.listParticipantConversations(db, id);
      return rows.map((row) => ({
        id: row.id,
        chat_start_date: row.startedAt.toISOString(),
        chat_end_date: row.endedAt.toISOString(),
        summary: row.summary,
        patient_summary: row.patientSummary,
        markers: validItems(conversationMarkerSchema, row.markers),
        transcript: validItems(transcriptMessageSchema, row.transcript),
        next_best_action: row.nextBestAction,
        next_visit_date: row.nextVisitDate,
      }));
    },
  };
}
