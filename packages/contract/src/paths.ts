/** API paths, shared so the portal never builds a URL by hand and the server registers the same. */
export const API_PATHS = {
  /** Liveness: the process answers; no database round trip. */
  health: '/api/health',
  /** Readiness: the database answers too; what a load balancer polls. */
  ready: '/api/health/ready',
  /** Administrators: system clients of the FHIR API (GET list, POST register, DELETE byId). */
  fhirClients: {
    list: '/api/fhir-clients',
    byId: (id: string) => `/api/fhir-clients/${id}`,
    approve: (id: string) => `/api/fhir-clients/${id}/approve`,
  },
  account: {
    login: '/api/account/login',
    token: '/api/account/token',
    logout: '/api/account/logout',
    sendCode: '/api/account/reset-password',
    signup: '/api/account/signup',
    suspend: '/api/account/suspend',
    resume: '/api/account/resume',
    remind: '/api/account/remind',
    /** DELETE with the participant id appended. */
    deleteParticipant: (id: number | string) => `/api/account/${id}`,
  },
  user: {
    list: '/api/user/list',
    groups: '/api/user/groups',
    create: '/api/user/create',
    update: '/api/user/update',
    profile: (id: number | string) => `/api/user/id/${id}`,
    trend: (id: number | string) => `/api/user/id/${id}/trend`,
    createClinician: '/api/user/create-surgeon',
    listClinicians: '/api/user/list-clinicians',
    clinicianStatus: '/api/user/clinician-status',
    updateAllowDemoMode: '/api/user/update-allow-demo-mode',
    markerSegmentLive: '/api/user/marker-segment-live',
    markers: '/api/user/markers',
    userType: '/api/user/user-type',
    telemetry: '/api/user/telemetry',
    /** POST: the calling clinician marks a participant reviewed. */
    review: '/api/user/review',
    /** Last review, data connection and open flags of one participant. */
    triage: (id: number | string) => `/api/user/id/${id}/triage`,
    /** GET the participant's recovery report as a PDF (?paper=a4|letter). */
    report: (id: number | string) => `/api/user/id/${id}/report`,
    /** GET outcome scores per participant and timepoint of the list's filter, as CSV. */
    outcomesExport: '/api/user/outcomes-export',
  },
  nudge: {
    list: '/api/nudge/list',
    export: '/api/nudge/export',
    effectiveness: '/api/nudge/effectiveness',
    byId: (id: number | string) => `/api/nudge/${id}`,
    userNudges: '/api/nudge/user-nudges',
    surveyResponses: '/api/nudge/survey-responses',
  },
  chat: {
    list: '/api/chat/list',
    chatList: (id: number | string) => `/api/chat/getchatlist/${id}`,
    allConversationsDemo: (id: number | string) => `/api/chat/getallconversations/${id}/demo`,
    digitalTwin: (id: number | string) => `/api/chat/get-user-object-nursery/${id}`,
  },
  surgery: {
    surgery: '/api/surgery/surgery',
    list: '/api/surgery/surgery-list',
    dicom: '/api/surgery/dicom',
    dicomList: '/api/surgery/dicom-list',
    adherence: '/api/surgery/adherence',
    outcomeTrends: '/api/surgery/outcome-trends',
  },
  /** The programme outcomes view: the figures, and the same as CSV and as FHIR MeasureReports. */
  outcomes: {
    programme: '/api/outcomes/programme',
    programmeCsv: '/api/outcomes/programme.csv',
    programmeFhir: '/api/outcomes/programme.fhir.json',
  },
  pain: {
    report: '/api/pain/reported-pain-log',
    lastN: '/api/pain/last-n/log',
  },
  flags: {
    list: '/api/flags/list',
    participant: '/api/flags/participant',
    acknowledge: '/api/flags/acknowledge',
  },
  /** Responsible clinicians (ADR 0018): who can be assigned, assign (bulk), one participant's. */
  careTeam: {
    staff: '/api/care-team/staff',
    assign: '/api/care-team/assign',
    participant: (id: number | string) => `/api/care-team/participant/${id}`,
  },
  /** Follow-up tasks (ADR 0018). */
  tasks: {
    create: '/api/tasks',
    mine: '/api/tasks/mine',
    participant: '/api/tasks/participant',
    done: (id: number | string) => `/api/tasks/${id}/done`,
    reopen: (id: number | string) => `/api/tasks/${id}/reopen`,
    /** PATCH edits (and reassigns) a task, DELETE removes it. */
    task: (id: number | string) => `/api/tasks/${id}`,
  },
  /** GET a participant's thresholds (?user_id=), PUT changes to them. */
  thresholds: {
    participant: '/api/thresholds',
  },
  simulation: {
    state: '/api/simulation',
    program: '/api/simulation/program',
    enroll: '/api/simulation/program/enroll',
  },
  trend: {
    mood: '/api/trend/mood',
    bmi: '/api/trend/bmi',
    sleep: '/api/trend/sleep',
    bodyWeight: '/api/trend/body-weight',
    bodyPain: '/api/trend/body-pain',
    activity: '/api/trend/activity',
  },
  audit: {
    list: '/api/audit/list',
    export: '/api/audit/export',
  },
  /** A staff member's sign-in sessions (refresh-token families), for administrators. */
  staff: {
    sessions: (userId: number | string) => `/api/staff/${userId}/sessions`,
    session: (userId: number | string, sessionId: string) =>
      `/api/staff/${userId}/sessions/${sessionId}`,
    /** GET (administrators): accounts and addresses with failed sign-ins, and their waits. */
    signInThrottles: '/api/staff/sign-in-throttles',
    signInThrottlesClear: '/api/staff/sign-in-throttles/clear',
  },
  /** Two-step sign-in (TOTP). The first three complete a sign-in, so they are public. */
  mfa: {
    verify: '/api/account/mfa/verify',
    enrolStart: '/api/account/mfa/enrol/start',
    enrolConfirm: '/api/account/mfa/enrol/confirm',
    /** GET the signed-in staff member's own settings. */
    status: '/api/account/mfa',
    setup: '/api/account/mfa/setup',
    confirm: '/api/account/mfa/confirm',
    disable: '/api/account/mfa/disable',
    recoveryCodes: '/api/account/mfa/recovery-codes',
    /** GET / PUT (administrators): the requirement for all staff, and who has set it up. */
    policy: '/api/staff/mfa-policy',
    /** DELETE (administrators): turn it off for a staff member who lost their device. */
    staff: (userId: number | string) => `/api/staff/${userId}/mfa`,
  },
  /** Public: the idle logoff period the portal enforces. */
  sessionPolicy: '/api/account/session-policy',
  /** Single sign-on with OpenID Connect (ADR 0015); all public, start and callback are browser GETs. */
  sso: {
    options: '/api/account/sign-in-options',
    start: '/api/account/oidc/start',
    /** The redirect URI registered at the identity provider, after PUBLIC_URL. */
    callback: '/api/account/oidc/callback',
    complete: '/api/account/oidc/complete',
  },
} as const;

/**
 * Spec §6: the calls the portal makes without a bearer token or no-cache headers (each one a
 * route the server declares `access: 'public'`).
 */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  API_PATHS.account.login,
  API_PATHS.account.token,
  API_PATHS.account.sendCode,
  API_PATHS.account.signup,
  API_PATHS.mfa.verify,
  API_PATHS.mfa.enrolStart,
  API_PATHS.mfa.enrolConfirm,
  API_PATHS.sessionPolicy,
]);

/** Portal routes of spec §2. */
export const WEB_ROUTES = {
  home: '/',
  participants: '/participants',
  login: '/login',
  howToDeleteAccount: '/how-to-delete-account',
  resetPassword: '/reset-password',
  nudges: '/nudges',
  nudgeDetails: '/nudge-details',
  coach: '/coach',
  flags: '/flags',
  myTasks: '/tasks',
  outcomes: '/outcomes',
  participantDetails: '/participant-details',
  adminHome: '/admin/home',
  auditLog: '/admin/audit-log',
  fhirClients: '/admin/fhir-clients',
  unauthorized: '/unauthorized',
  /** The API's OpenAPI operations, for signed-in staff of either role (not under /api: proxied). */
  apiDocs: '/docs/api',
  /** Linked from the delete-account help page; open access. */
  privacyPolicy: '/privacy-policy',
} as const;

/**
 * Pages the server itself renders for participants in a browser (they have no portal): setting
 * the password with an emailed code (invitation or reset) and asking for a new code. The emailed
 * link carries RESET_LINK_PARAMS, as the staff reset link does.
 */
export const PARTICIPANT_PAGES = {
  activate: '/app/activate',
  forgotPassword: '/app/forgot-password',
} as const;

/** Query parameters of the emailed reset link (spec §2 'Forgot password'). */
export const RESET_LINK_PARAMS = { userName: 'user_name', loginCode: 'login_code' } as const;

/**
 * Query parameters of participant details that open a coach conversation with a passage
 * highlighted (a flag's matched text, in the transcript message at `message`).
 */
export const PARTICIPANT_DETAILS_PARAMS = {
  conversation: 'conversation',
  message: 'message',
  highlight: 'highlight',
} as const;

/** The participant details path, optionally opening a conversation at a highlighted passage. */
export function participantDetailsPath(
  participantId: number,
  open?: { conversationId: number; messageIndex: number | null; highlight: string },
): string {
  const path = `${WEB_ROUTES.participantDetails}/${participantId}`;
  if (!open) return path;
  const params: [string, string][] = [
    [PARTICIPANT_DETAILS_PARAMS.conversation, String(open.conversationId)],
    ...(open.messageIndex === null
      ? []
      : [[PARTICIPANT_DETAILS_PARAMS.message, String(open.messageIndex)] as [string, string]]),
    [PARTICIPANT_DETAILS_PARAMS.highlight, open.highlight],
  ];
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${path}?${query}`;
}
