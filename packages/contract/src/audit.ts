import * as z from 'zod/mini';
import { exportFileName, rangePart } from './export-file-name';
import type { TrendSeriesKind } from './trends';

/**
 * Every action the audit trail records. The server writes only these (AuditEntry.action is
 * typed with them) and the Audit log screen offers them as its action filter, so a new action
 * is added here, with its label below, before anything can record it.
 */
export const AUDIT_ACTIONS = {
  // Sign-in and the account (public routes: the actor is whoever the email names).
  login: 'account.login',
  loginFailed: 'account.login.failed',
  loginThrottled: 'account.login.throttled',
  refreshReuse: 'account.refresh.reuse',
  logout: 'account.logout',
  codeSent: 'account.code.sent',
  passwordResetRequested: 'account.password.reset_requested',
  passwordCodeRejected: 'account.password.code_rejected',
  passwordSet: 'account.password.set',
  sessionIdleExpired: 'account.session.idle_expired',
  sessionLifetimeExpired: 'account.session.lifetime_expired',
  ssoRefused: 'account.sso.refused',
  ssoProvisioned: 'account.sso.provisioned',
  // Two-step sign-in (TOTP): the sign-in step, then the staff member's own settings.
  mfaChallenge: 'mfa.challenge',
  mfaChallengeFailed: 'mfa.challenge.failed',
  mfaRecoveryCodeUsed: 'mfa.recovery_code.used',
  mfaStatusView: 'mfa.status.view',
  mfaEnrolStart: 'mfa.enrol.start',
  mfaEnrol: 'mfa.enrol',
  mfaDisable: 'mfa.disable',
  mfaRecoveryCodesRegenerate: 'mfa.recovery_codes.regenerate',
  // Administration.
  clinicianList: 'clinician.list',
  clinicianCreate: 'clinician.create',
  clinicianUpdate: 'clinician.update',
  clinicianDeactivate: 'clinician.deactivate',
  clinicianReactivate: 'clinician.reactivate',
  staffSessionsList: 'staff.sessions.list',
  staffSessionRevoke: 'staff.session.revoke',
  staffSessionsRevokeAll: 'staff.sessions.revoke_all',
  signInThrottlesList: 'staff.sign_in_throttles.list',
  signInThrottleClear: 'staff.sign_in_throttle.clear',
  mfaPolicyView: 'mfa.policy.view',
  mfaRequirementChange: 'mfa.requirement.change',
  mfaReset: 'mfa.reset',
  auditList: 'audit.list',
  auditExport: 'audit.export',
  // Participants' data.
  participantsList: 'participants.list',
  participantGroupsList: 'participants.groups.list',
  participantInvite: 'participant.invite',
  participantRemind: 'participant.remind',
  participantSuspend: 'participant.suspend',
  participantResume: 'participant.resume',
  participantDelete: 'participant.delete',
  participantTypeUpdate: 'participant.type.update',
  participantUpdate: 'participant.update',
  participantProfileView: 'participant.profile.view',
  participantDemoModeUpdate: 'participant.demo_mode.update',
  participantNudgesView: 'participant.nudges.view',
  participantConversationsView: 'participant.conversations.view',
  participantDemoConversationsView: 'participant.conversations.demo.view',
  participantTelemetryView: 'participant.telemetry.view',
  participantPainRecord: 'participant.pain.record',
  participantPainList: 'participant.pain.list',
  participantAdherenceView: 'participant.adherence.view',
  participantMoodTrendView: 'participant.trend.mood.view',
  participantBmiTrendView: 'participant.trend.bmi.view',
  participantSleepTrendView: 'participant.trend.sleep.view',
  participantBodyWeightTrendView: 'participant.trend.body-weight.view',
  participantBodyPainTrendView: 'participant.trend.body-pain.view',
  participantActivityTrendView: 'participant.trend.activity.view',
  participantTrendView: 'participant.trend.view',
  participantSurgeryAdd: 'participant.surgery.add',
  participantSurgeryUpdate: 'participant.surgery.update',
  participantSurgeryList: 'participant.surgery.list',
  participantImagingUpload: 'participant.imaging.upload',
  participantImagingList: 'participant.imaging.list',
  participantImagingDownload: 'participant.imaging.download',
  participantImagingDelete: 'participant.imaging.delete',
  participantSurveysView: 'participant.surveys.view',
  simulationStateView: 'simulation.state.view',
  participantSimulationView: 'participant.simulation.view',
  participantSimulationEnroll: 'participant.simulation.enroll',
  participantDigitalTwinView: 'participant.digital_twin.view',
  participantSegmentsView: 'participant.segments.view',
  participantMarkersView: 'participant.markers.view',
  participantOutcomesView: 'participant.outcomes.view',
  participantReportDownload: 'participant.report.download',
  participantsOutcomesExport: 'participants.outcomes.export',
  programmeOutcomesView: 'outcomes.programme.view',
  programmeOutcomesExport: 'outcomes.programme.export',
  participantReview: 'participant.review',
  participantTriageView: 'participant.triage.read',
  flagList: 'flags.list',
  participantFlagsView: 'participant.flags.view',
  participantFlagAcknowledge: 'participant.flag.acknowledge',
  participantThresholdsView: 'participant.thresholds.view',
  participantThresholdsUpdate: 'participant.thresholds.update',
  careTeamStaffList: 'care_team.staff.list',
  careTeamAssign: 'participant.care_team.assign',
  participantCareTeamView: 'participant.care_team.view',
  taskCreate: 'participant.task.create',
  taskComplete: 'participant.task.complete',
  taskReopen: 'participant.task.reopen',
  taskUpdate: 'participant.task.update',
  taskDelete: 'participant.task.delete',
  participantTasksView: 'participant.tasks.view',
  myTasksList: 'tasks.mine.list',
  nudgeList: 'nudge.list',
  nudgeView: 'nudge.view',
  nudgeExport: 'nudge.export',
  nudgeEffectiveness: 'nudge.effectiveness',
  coachList: 'coach.list',
  // FHIR R4 API (features/fhir): reads and searches name the participants they returned.
  fhirRead: 'fhir.read',
  fhirSearch: 'fhir.search',
  fhirExportStart: 'fhir.export.start',
  fhirExportStatus: 'fhir.export.status',
  fhirExportDownload: 'fhir.export.download',
  fhirExportCancel: 'fhir.export.cancel',
  fhirClientList: 'fhir.client.list',
  fhirClientRegister: 'fhir.client.register',
  fhirClientApprove: 'fhir.client.approve',
  fhirClientRevoke: 'fhir.client.revoke',
  fhirTokenIssued: 'fhir.token.issued',
  fhirTokenRefused: 'fhir.token.refused',
  // What a participant's app or a system client created (one row per stored resource).
  fhirCreate: 'fhir.create',
  /** A participant allowed or denied an app (SMART App Launch); the row names the app. */
  fhirAppConsent: 'fhir.app.consent',
  /**
   * Written by the server itself when a signed-in call succeeded without recording anything
   * (a route that forgot to audit and declared no action); should never appear.
   */
  apiRequest: 'api.request',
  /** A signed-in data route refused the call (401, 403 or 404). */
  accessDenied: 'access.denied',
} as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Every known action, in the order above. */
export const AUDIT_ACTION_NAMES = Object.values(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/**
 * What an audit row is about. A participant is always 'participant' and a staff member
 * 'user' (the subject id is then a users.id); the list views name the kind of list. The server
 * writes only these and the Audit log screen offers them as its subject filter.
 */
export const AUDIT_SUBJECT_TYPES = [
  'participant',
  'user',
  'participant_list',
  'staff_list',
  'task_list',
  'flag_list',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** How the Audit log screen names each subject type. */
export const AUDIT_SUBJECT_TYPE_LABELS: Record<AuditSubjectType, string> = {
  participant: 'Participant',
  user: 'Staff member',
  participant_list: 'Participant list',
  staff_list: 'Staff list',
  task_list: 'Task list',
  flag_list: 'Flag list',
};

/** The action each single-series trend call records. */
export const TREND_SERIES_VIEW_ACTIONS = {
  mood: AUDIT_ACTIONS.participantMoodTrendView,
  bmi: AUDIT_ACTIONS.participantBmiTrendView,
  sleep: AUDIT_ACTIONS.participantSleepTrendView,
  'body-weight': AUDIT_ACTIONS.participantBodyWeightTrendView,
  'body-pain': AUDIT_ACTIONS.participantBodyPainTrendView,
} as const satisfies Record<TrendSeriesKind, AuditAction>;

/** How the Audit log screen names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.login': 'Signed in',
  'account.login.failed': 'Sign-in failed',
  'account.login.throttled': 'Sign-in refused (too many attempts)',
  'account.refresh.reuse': 'Reused session token (session ended)',
  'account.logout': 'Signed out',
  'account.code.sent': 'Password reset code sent',
  'account.password.reset_requested': 'Password reset asked for',
  'account.password.code_rejected': 'Password reset code rejected',
  'account.password.set': 'Password set',
  'account.session.idle_expired': 'Session ended after inactivity',
  'account.session.lifetime_expired': 'Session ended at its maximum length',
  'access.denied': 'Access refused (not signed in, not allowed or not found)',
  'account.sso.refused': 'Single sign-on refused',
  'account.sso.provisioned': 'Clinician account created by single sign-on',
  'mfa.challenge': 'Password accepted, two-step code requested',
  'mfa.challenge.failed': 'Two-step code rejected',
  'mfa.recovery_code.used': 'Used a recovery code',
  'mfa.status.view': 'Viewed own sign-in security',
  'mfa.enrol.start': 'Started two-step sign-in setup',
  'mfa.enrol': 'Turned on two-step sign-in',
  'mfa.disable': 'Turned off two-step sign-in',
  'mfa.recovery_codes.regenerate': 'Made new recovery codes',
  'clinician.list': 'Viewed clinicians',
  'clinician.create': 'Added clinician',
  'clinician.update': 'Edited clinician',
  'clinician.deactivate': 'Deactivated clinician',
  'clinician.reactivate': 'Reactivated clinician',
  'staff.sessions.list': "Viewed a staff member's sessions",
  'staff.session.revoke': 'Revoked a session',
  'staff.sessions.revoke_all': 'Revoked all sessions',
  'staff.sign_in_throttles.list': 'Viewed sign-in throttles',
  'staff.sign_in_throttle.clear': 'Cleared a sign-in throttle',
  'mfa.policy.view': 'Viewed two-step sign-in settings',
  'mfa.requirement.change': 'Changed the two-step sign-in requirement',
  'mfa.reset': "Turned off a staff member's two-step sign-in",
  'audit.list': 'Viewed the audit log',
  'audit.export': 'Exported the audit log',
  'participants.list': 'Listed participants',
  'participants.groups.list': 'Listed participant groups',
  'participant.invite': 'Invited participant',
  'participant.remind': 'Reminded participant',
  'participant.suspend': 'Suspended participant',
  'participant.resume': 'Resumed participant',
  'participant.delete': 'Deleted participant',
  'participant.type.update': 'Changed participant type',
  'participant.update': 'Edited participant',
  'participant.profile.view': 'Viewed participant profile',
  'participant.demo_mode.update': 'Changed demo mode',
  'participant.nudges.view': "Viewed participant's nudges",
  'participant.conversations.view': "Viewed participant's conversations",
  'participant.conversations.demo.view': "Viewed participant's demo conversations",
  'participant.telemetry.view': "Viewed participant's telemetry",
  'participant.pain.record': 'Recorded pain',
  'participant.pain.list': "Viewed participant's pain log",
  'participant.adherence.view': "Viewed participant's adherence",
  'participant.trend.mood.view': 'Viewed mood trend',
  'participant.trend.bmi.view': 'Viewed BMI trend',
  'participant.trend.sleep.view': 'Viewed sleep trend',
  'participant.trend.body-weight.view': 'Viewed body weight trend',
  'participant.trend.body-pain.view': 'Viewed body pain trend',
  'participant.trend.activity.view': 'Viewed activity trend',
  'participant.trend.view': 'Viewed weekly trends',
  'participant.surgery.add': 'Added surgery',
  'participant.surgery.update': 'Edited surgery',
  'participant.surgery.list': 'Viewed surgeries',
  'participant.imaging.upload': 'Uploaded imaging',
  'participant.imaging.list': 'Viewed imaging',
  'participant.imaging.download': 'Downloaded imaging',
  'participant.imaging.delete': 'Deleted imaging',
  'participant.surveys.view': "Viewed participant's surveys",
  'simulation.state.view': 'Viewed simulation state',
  'participant.simulation.view': 'Viewed simulation',
  'participant.simulation.enroll': 'Enrolled in simulation',
  'participant.digital_twin.view': 'Viewed digital twin',
  'participant.segments.view': 'Viewed marker segments',
  'participant.markers.view': 'Viewed markers',
  'participant.outcomes.view': 'Viewed outcomes',
  'participant.report.download': 'Downloaded the recovery report',
  'participants.outcomes.export': 'Exported outcome scores',
  'outcomes.programme.view': 'Viewed programme outcomes',
  'outcomes.programme.export': 'Exported programme outcomes',
  'participant.review': 'Marked participant reviewed',
  'participant.triage.read': "Viewed participant's triage",
  'flags.list': 'Listed open flags',
  'participant.flags.view': "Viewed participant's flags",
  'participant.flag.acknowledge': 'Acknowledged a flag',
  'care_team.staff.list': 'Listed staff who can be made responsible',
  'participant.care_team.assign': 'Changed the responsible clinician',
  'participant.care_team.view': "Viewed a participant's responsible clinician",
  'participant.task.create': 'Created a follow-up task',
  'participant.task.complete': 'Marked a follow-up task done',
  'participant.task.reopen': 'Reopened a follow-up task',
  'participant.task.update': 'Edited a follow-up task',
  'participant.task.delete': 'Deleted a follow-up task',
  'participant.tasks.view': "Viewed a participant's follow-up tasks",
  'tasks.mine.list': 'Listed own follow-up tasks',
  'participant.thresholds.view': "Viewed participant's alert thresholds",
  'participant.thresholds.update': "Changed participant's alert thresholds",
  'nudge.list': 'Listed nudges',
  'nudge.view': 'Viewed nudge',
  'nudge.export': 'Exported nudges',
  'nudge.effectiveness': 'Viewed nudge effectiveness',
  'coach.list': 'Listed coach conversations',
  'fhir.read': 'Read a FHIR resource',
  'fhir.search': 'Searched FHIR resources',
  'fhir.export.start': 'Started a FHIR bulk export',
  'fhir.export.status': 'Checked a FHIR bulk export',
  'fhir.export.download': 'Downloaded a FHIR bulk export file',
  'fhir.export.cancel': 'Cancelled a FHIR bulk export',
  'fhir.client.list': 'Viewed FHIR system clients',
  'fhir.client.register': 'Registered a FHIR system client',
  'fhir.client.approve': 'Approved a FHIR system client',
  'fhir.client.revoke': 'Revoked a FHIR system client',
  'fhir.token.issued': 'FHIR token issued (system client or participant app)',
  'fhir.token.refused': 'FHIR token refused (system client or participant app)',
  'fhir.create': 'Created a FHIR resource',
  'fhir.app.consent': 'Participant allowed or denied an app',
  'api.request': 'Other signed-in call',
};

/** The label of an action, or the stored name itself for one this build does not know. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;
}

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;
export const MAX_AUDIT_FILTER_LENGTH = 200;
/** A participant filter that is not an id may match at most this many participants. */
export const MAX_AUDIT_PARTICIPANT_MATCHES = 50;

export const AUDIT_MESSAGES = {
  fetchError: 'Error fetching the audit log',
  tooManyParticipants: `More than ${MAX_AUDIT_PARTICIPANT_MATCHES} participants match; type more of the id, email or name.`,
  rangeReversed: 'from must not be after to.',
  bothCursors: 'Give before or after, not both.',
} as const;

function textFilter(field: string) {
  return z.optional(
    z.string({ error: `${field} must be text.` }).check(
      z.maxLength(
        MAX_AUDIT_FILTER_LENGTH,
        `${field} must be at most ${MAX_AUDIT_FILTER_LENGTH} characters.`,
      ),
      z.refine((value) => !value.includes('\u0000'), { error: `${field} must not contain NUL.` }),
    ),
  );
}

/** An instant with its offset (the portal sends the start and end of the user's local days). */
function instantFilter(field: string) {
  const message = `${field} must be a date and time such as 2025-03-01T00:00:00.000Z.`;
  return z.optional(
    z.union([z.literal(''), z.iso.datetime({ offset: true, error: message })], { error: message }),
  );
}

function rangeInOrder(value: { from?: string | undefined; to?: string | undefined }): boolean {
  return !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to);
}

/**
 * The Audit log filters; every field is text so they also serve as the export's query string,
 * and '' (or missing) means "any".
 */
const auditFilterShape = {
  /** Part of the actor's email. */
  actor: textFilter('actor'),
  /** A participant id, or part of a participant's email or name. */
  participant: textFilter('participant'),
  action: z.optional(
    z.union([z.enum(AUDIT_ACTION_NAMES), z.literal('')], {
      error: 'action must be one of the audited actions.',
    }),
  ),
  subject_type: z.optional(
    z.union([z.enum(AUDIT_SUBJECT_TYPES), z.literal('')], {
      error: 'subject_type must be one of the audited subject types.',
    }),
  ),
  /** Inclusive bounds of the time of the row. */
  from: instantFilter('from'),
  to: instantFilter('to'),
};

const auditFiltersSchema = z
  .object(auditFilterShape)
  .check(z.refine(rangeInOrder, { error: AUDIT_MESSAGES.rangeReversed, path: ['from'] }));
export type AuditFilters = z.input<typeof auditFiltersSchema>;

/** GET /api/audit/export: the filters as a query string. */
export const auditExportQuerySchema = auditFiltersSchema;

const cursorSchema = (field: string) =>
  z.optional(
    z
      .number({ error: `${field} must be a whole number.` })
      .check(
        z.int(`${field} must be a whole number.`),
        z.positive(`${field} must be positive.`),
        z.lte(Number.MAX_SAFE_INTEGER, `${field} is out of range.`),
      ),
  );

/**
 * POST /api/audit/list: newest first, paged by keyset so any page is as quick as the first.
 * `before` gives the rows older than that id, `after` the rows newer than it.
 */
export const auditListRequestSchema = z
  .object({
    ...auditFilterShape,
    before: cursorSchema('before'),
    after: cursorSchema('after'),
    page_size: z._default(
      z
        .number({ error: 'page_size must be a whole number.' })
        .check(
          z.int('page_size must be a whole number.'),
          z.gte(1, 'page_size must be at least 1.'),
          z.lte(MAX_AUDIT_PAGE_SIZE, `page_size must be at most ${MAX_AUDIT_PAGE_SIZE}.`),
        ),
      AUDIT_PAGE_SIZE,
    ),
  })
  .check(
    z.refine(rangeInOrder, { error: AUDIT_MESSAGES.rangeReversed, path: ['from'] }),
    z.refine((value) => value.before === undefined || value.after === undefined, {
      error: AUDIT_MESSAGES.bothCursors,
      path: ['after'],
    }),
  );
export type AuditListRequest = z.input<typeof auditListRequestSchema>;

/** One row of the trail. `action` is plain text: old rows may carry a retired action. */
export const auditLogEntrySchema = z.object({
  id: z.int(),
  created_at: z.string(),
  actor_id: z.nullable(z.int()),
  actor_email: z.nullable(z.string()),
  /** 'Name <email>' of the actor when they acted; null on rows older than migration 0009. */
  actor_name: z.nullable(z.string()),
  action: z.string(),
  subject_type: z.nullable(z.string()),
  subject_id: z.nullable(z.int()),
  /**
   * Name and email of the user the subject id names, as they were at the time of the action
   * (rows older than migration 0009: as they are now, while that user exists).
   */
  subject_name: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
  client_address: z.nullable(z.string()),
  request_id: z.nullable(z.string()),
  /**
   * How many calls the row stands for: 1, or more when refusals of unknown callers from one
   * address were folded into one row per action and minute (the first one's request and details).
   */
  count: z.int().check(z.positive()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** `before` for the next older page, or null on the oldest page. */
  older_cursor: z.nullable(z.int()),
  /** `after` for the next newer page, or null on the newest page. */
  newer_cursor: z.nullable(z.int()),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** The export's query string for a list request: paging and empty values are dropped. */
export function auditExportParams(request: AuditListRequest): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(auditFilterShape) as (keyof typeof auditFilterShape)[]) {
    const value = request[key];
    if (typeof value === 'string' && value !== '') params[key] = value;
  }
  return params;
}

/**
 * The file name the export is offered under, after its filter, e.g.
 * audit-log-participant-profile-view-2025-03-01.csv (export-file-name.ts). The actor and
 * participant filters are named, not quoted: they may be a person's name or email.
 */
export function auditExportFileName(filter: AuditFilters, isoDate: string): string {
  return exportFileName(
    'audit-log',
    [
      filter.action,
      filter.actor && 'by actor',
      filter.participant && 'for participant',
      rangePart('', filter.from?.slice(0, 10), filter.to?.slice(0, 10)),
    ],
    isoDate,
  );
}

export const AUDIT_CSV_HEADER = [
  'ID',
  'Time (UTC)',
  'Actor ID',
  'Actor email',
  'Action',
  'Subject type',
  'Subject ID',
  'Subject',
  'Client address',
  'Request ID',
  'Details',
  'Count',
] as const;
