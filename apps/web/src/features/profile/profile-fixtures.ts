import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import type { ParticipantTriageStatus } from '@recovery-portal/contract/review';

/** Test data shaped by the contract: one participant's profile. */
export function profileFixture(overrides: Partial<ParticipantProfile> = {}): ParticipantProfile {
  return {
    id: 7,
    first_name: 'Adele',
    last_name: 'Funk',
    user_name: 'adele.funk@example.org',
    age: 51,
    birth_date: '1975-07-24',
    mrn: 'MRN-0042',
    gender: 'Female',
    height: 168,
    weight: 98.8,
    weight_date: '2026-03-08',
    bmi: 35.006,
    bmi_date: '2026-03-08',
    user_type: 'Internal',
    group: 'CZ',
    group_id: 1,
    phone_number: null,
    status: 'ACTIVATED',
    allow_demo_mode: false,
    tracker_connected: 'Garmin',
    last_app_open: null,
    active_session_count: 3,
    coach_chat_count: 1,
    coach_call_count: 0,
    nudge_open_count: 2,
    invited_on: '2026-01-02T10:00:00.000Z',
    joined_on: '2026-01-05T10:00:00.000Z',
    next_best_action: null,
    next_visit_date: null,
    data_last_received_at: new Date(Date.now() - 3_600_000).toISOString(),
    clinical_records: {
      LAB_RESULT: [{ title: 'HbA1c', detail: '8 %', recorded_on: '2026-02-26' }],
      MEDICATION: [
        { title: 'Metformin 500 mg twice daily', detail: 'Active', recorded_on: '2026-01-26' },
      ],
      ALLERGY: [],
      ED_VISIT: [],
      CONSULT: [],
      HOSPITALIZATION: [{ title: 'Knee replacement', detail: null, recorded_on: null }],
    },
    ...overrides,
  };
}

/** What the status and type calls answer: the participant's list row. */
export function listRowOf(profile: ParticipantProfile): ParticipantListRow {
  return {
    id: profile.id,
    first_name: profile.first_name,
    last_name: profile.last_name,
    user_name: profile.user_name,
    birth_date: profile.birth_date,
    mrn: profile.mrn,
    type: profile.user_type,
    group: profile.group,
    tracker_connected: profile.tracker_connected,
    last_app_open: profile.last_app_open,
    active_session_count: profile.active_session_count,
    coach_chat_count: profile.coach_chat_count,
    coach_call_count: profile.coach_call_count,
    nudge_open_count: profile.nudge_open_count,
    invited_on: profile.invited_on,
    joined_on: profile.joined_on,
    status: profile.status,
    can_remind: false,
    last_reminded_at: null,
    next_remind_date: null,
    open_flag_count: 0,
    top_open_severity: null,
    last_reviewed_at: null,
    last_reviewed_by: null,
    last_telemetry_at: profile.data_last_received_at,
    responsible: null,
    next_task_due_on: null,
  };
}

/** The participant's triage status: never reviewed, data arriving, no open flags. */
export function triageFixture(
  overrides: Partial<ParticipantTriageStatus> = {},
): ParticipantTriageStatus {
  return {
    user_id: 7,
    last_reviewed_at: null,
    last_reviewed_by: null,
    last_telemetry_at: new Date(Date.now() - 3_600_000).toISOString(),
    days_without_data: 0,
    data_stopped: false,
    open_flag_count: 0,
    top_open_severity: null,
    ...overrides,
  };
}
