import {
  CLINICAL_RECORD_CATEGORIES,
  type ClinicalRecordCategory,
} from '@recovery-portal/contract/clinical-records';
import {
  conversationMarkerSchema,
  transcriptMessageSchema,
} from '@recovery-portal/contract/conversations';
import { markersExtract } from '@recovery-portal/contract/coach';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
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
import type { z } from 'zod';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { findGroup } from '#app/core/participant-groups';
import { todayUtc, utcDay } from '#app/core/days';
import { lastMeasurementAt, latestOfCode } from '#app/core/measurements/measurements.repository';
import { roundTo } from '#app/core/numbers';
import { requireParticipant } from '#app/core/participant-lookup';
import * as repo from './profile.repository';

/** Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD); null without one. */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) return null;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (hadBirthday ? 0 : 1));
}

/** Keeps the items of a stored JSON list that have the expected shape, dropping the rest. */
function validItems<T extends z.ZodType>(schema: T, value: unknown): z.infer<T>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function groupRecords(
  rows: {
    category: ClinicalRecordCategory;
    title: string;
    detail: string | null;
    recordedOn: string | null;
  }[],
): ClinicalRecords {
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

/** Text of a value the edit may clear: '' and null both clear it. */
const clearable = <T>(value: T | '' | null | undefined): T | null | undefined =>
  value === '' ? null : value;

export function createProfileService(db: Database) {
  async function profile(id: number): Promise<ParticipantProfile> {
    const row = await repo.findProfileRow(db, id);
    if (!row) throw notFound(PARTICIPANT_ERRORS.notFound(id));
    const [weight, bmi, reminders, records, lastAt] = await Promise.all([
      latestOfCode(db, id, MEASUREMENT_TYPES.weight.code),
      latestOfCode(db, id, MEASUREMENT_TYPES.bmi.code),
      repo.latestConversationReminders(db, id),
      repo.listClinicalRecords(db, id),
      lastMeasurementAt(db, id),
    ]);
    return {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      user_name: row.email,
      age: ageOn(row.birthDate, todayUtc()),
      birth_date: row.birthDate,
      gender: row.gender,
      height: row.heightCm === null ? null : roundTo(row.heightCm, 1),
      weight: weight ? roundTo(weight.value, 1) : null,
      weight_date: weight ? utcDay(weight.measuredAt) : null,
      bmi: bmi ? roundTo(bmi.value, 2) : null,
      bmi_date: bmi ? utcDay(bmi.measuredAt) : null,
      user_type: row.participantType ?? 'Internal',
      group: row.group,
      group_id: row.groupId,
      phone_number: row.phoneNumber,
      status: row.status,
      allow_demo_mode: row.allowDemoMode,
      tracker_connected: row.tracker || null,
      last_app_open: iso(row.lastAppOpen),
      active_session_count: row.activeSessionCount,
      coach_chat_count: row.coachChatCount,
      coach_call_count: row.coachCallCount,
      nudge_open_count: row.nudgeOpenCount,
      invited_on: iso(row.invitedAt),
      joined_on: iso(row.joinedAt),
      next_best_action: reminders?.nextBestAction ?? null,
      next_visit_date: reminders?.nextVisitDate ?? null,
      data_last_received_at: iso(lastAt),
      clinical_records: groupRecords(records),
    };
  }

  return {
    profile,

    /**
     * Edits a participant (PATCH /api/user/update from a clinician). Returns the profile and
     * the names of the fields that changed, for the audit trail.
     */
    async update(
      input: UpdateParticipantRequest,
    ): Promise<{ profile: ParticipantProfile; changed: string[] }> {
      await requireParticipant(db, input.id);
      const changes: repo.ParticipantChanges = {};
      if (input.name !== undefined) {
        const { firstName, lastName } = splitPersonName(input.name);
        changes.firstName = firstName;
        changes.lastName = lastName;
      }
      const phone = clearable(input.phone_number?.trim());
      if (phone !== undefined) changes.phoneNumber = phone;
      const gender = clearable(input.gender);
      if (gender !== undefined) changes.gender = gender;
      const birthDate = clearable(input.birth_date);
      if (birthDate !== undefined) changes.birthDate = birthDate;
      if (input.height_cm !== undefined) changes.heightCm = input.height_cm;
      if (input.group !== undefined) {
        const group = await findGroup(db, input.group);
        if (!group)
          throw new AppError('UNPROCESSABLE', PARTICIPANT_ERRORS.unknownGroup(input.group));
        changes.groupId = group.id;
      }
      if (!(await repo.updateParticipant(db, input.id, changes))) {
        throw notFound(PARTICIPANT_ERRORS.notFound(input.id));
      }
      return { profile: await profile(input.id), changed: Object.keys(changes) };
    },

    /** Turns demo mode on or off for the participant. */
    async setAllowDemoMode(id: number, allow: boolean): Promise<AllowDemoModeResponse> {
      if (!(await repo.setAllowDemoMode(db, id, allow))) {
        throw notFound(PARTICIPANT_ERRORS.notFound(id));
      }
      return { user_id: id, allow_demo_mode: allow };
    },

    /** The participant's nudges in server order (ascending target date). */
    async nudges(id: number): Promise<ProfileNudge[]> {
      const rows = await repo.listParticipantNudges(db, id);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        target_date: row.targetDate,
        send_time: row.sendTime,
        tracking_type: row.trackingType,
        feedback_type: row.feedbackType,
        feedback_type_string: row.feedbackType ?? '',
        opened_at: iso(row.openedAt),
      }));
    },

    /** The coach conversations of the profile, newest first, markers and messages as JSON text. */
    async conversations(id: number): Promise<ProfileConversation[]> {
      const rows = await repo.listParticipantConversations(db, id, 'newest');
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
      const rows = await repo.listParticipantConversations(db, id, 'oldest');
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
export type ProfileService = ReturnType<typeof createProfileService>;
