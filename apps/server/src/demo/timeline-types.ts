import type { Measure } from '@recovery-portal/contract/instruments';
import type { ClinicalRecordCategory } from '@recovery-portal/contract/clinical-records';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { MeasurementSource } from '@recovery-portal/contract/measurements';
import type { NudgeFeedback, NudgeStatus } from '@recovery-portal/contract/nudges';
import type { PainBodySite, PainLogSource } from '@recovery-portal/contract/pain';
import type { SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { ACTIVITY_KINDS } from '#app/db/schema/activity';

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Rows of one participant's programme, per table, ready for insertTimeline. */
export interface TimelineRows {
  activity: ActivityRow[];
  nudges: NudgeRow[];
  conversations: ConversationRow[];
  surveyResponses: SurveyResponseRow[];
  measurements: MeasurementRow[];
  digitalTwins: DigitalTwinRow[];
  markerMemberships: MarkerMembershipRow[];
  segments: SegmentRow[];
  clinicalRecords: ClinicalRecordRow[];
  surgeries: SurgeryRow[];
  painLogs: PainLogRow[];
}

export interface ActivityRow {
  userId: number;
  kind: ActivityKind;
  occurredAt: Date;
}

export interface NudgeRow {
  userId: number;
  title: string;
  content: string;
  /** YYYY-MM-DD */
  targetDate: string;
  /** HH:MM:SS */
  sendTime: string;
  trackingType: NudgeStatus;
  feedbackType: NudgeFeedback | null;
  openedAt: Date | null;
  createdAt: Date;
}

export interface ConversationRow {
  userId: number;
  startedAt: Date;
  endedAt: Date;
  summary: string;
  patientSummary: string;
  markers: ConversationMarker[];
  transcript: TranscriptMessage[];
  nextBestAction: string | null;
  nextVisitDate: string | null;
  createdAt: Date;
}

export interface SurveyResponseRow {
  userId: number;
  surveyId: number;
  timepoint: SurveyTimepoint;
  targetDate: string;
  submittedAt: Date | null;
  answers: (number | null)[] | null;
  score: number | null;
  /** Every scorable published score by measure (survey_responses.scores); null unsubmitted. */
  scores: Partial<Record<Measure, number>> | null;
  notApplicable: boolean;
}

export interface MeasurementRow {
  userId: number;
  code: string;
  value: number;
  unit: string;
  measuredAt: Date;
  source: MeasurementSource;
}

export interface DigitalTwinRow {
  userId: number;
  data: Record<string, unknown>;
  updatedAt: Date;
}

export interface MarkerMembershipRow {
  userId: number;
  type: string | null;
  topic: string | null;
  markerName: string | null;
  validFrom: string;
  validTo: string | null;
}

export interface SegmentRow {
  userId: number;
  name: string;
  validFrom: string;
  validTo: string | null;
}

export interface ClinicalRecordRow {
  userId: number;
  category: ClinicalRecordCategory;
  title: string;
  detail: string | null;
  recordedOn: string | null;
}

/** The surgery the programme follows, as the clinic recorded it (created_by stays null). */
export interface SurgeryRow {
  userId: number;
  procedure: SurgeryProcedure;
  side: SurgerySide;
  /** YYYY-MM-DD */
  surgeryDate: string;
  surgeon: string;
  hospital: string;
  notes: string | null;
  createdAt: Date;
}

/** A pain report without a note or a recording clinician (recorded_by stays null). */
export interface PainLogRow {
  userId: number;
  score: number;
  recordedAt: Date;
  bodySite: PainBodySite;
  source: PainLogSource;
}

export function emptyTimeline(): TimelineRows {
  return {
    activity: [],
    nudges: [],
    conversations: [],
    surveyResponses: [],
    measurements: [],
    digitalTwins: [],
    markerMemberships: [],
    segments: [],
    clinicalRecords: [],
    surgeries: [],
    painLogs: [],
  };
}

/**
 * How far back each stream reaches from `today` (null: the whole requested range). The demo
 * uses FULL; benchmarks at 100k participants use LIGHT or MINIMAL to finish within minutes.
 */
export interface TimelineVolume {
  telemetryDays: number | null;
  activityDays: number | null;
  nudgePastDays: number | null;
  conversationDays: number | null;
  /** 'core': steps, sleep, weight, BMI, pain and mood only (no labs, no stride, no home BP). */
  measurements: 'all' | 'core';
  /**
   * Survey schedule, digital twin, clinical records, marker memberships, segments and (with
   * TimelineOptions.surgeryRecords) the surgery.
   */
  profileRows: boolean;
}

export const TIMELINE_VOLUMES = {
  full: {
    telemetryDays: 90,
    activityDays: 30,
    nudgePastDays: 60,
    conversationDays: 90,
    measurements: 'all',
    profileRows: true,
  },
  light: {
    telemetryDays: 14,
    activityDays: 14,
    nudgePastDays: 14,
    conversationDays: 30,
    measurements: 'core',
    profileRows: true,
  },
  minimal: {
    telemetryDays: 0,
    activityDays: 8,
    nudgePastDays: 0,
    conversationDays: 0,
    measurements: 'core',
    profileRows: false,
  },
  /** Everything in the requested range: what a simulation run wants. */
  unbounded: {
    telemetryDays: null,
    activityDays: null,
    nudgePastDays: null,
    conversationDays: null,
    measurements: 'all',
    profileRows: true,
  },
} as const satisfies Record<string, TimelineVolume>;
