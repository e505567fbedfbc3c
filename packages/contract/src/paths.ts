/** API paths, shared so the portal never builds a URL by hand and the server registers the same. */
export const API_PATHS = {
  health: '/api/health',
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
  },
  nudge: {
    list: '/api/nudge/list',
    export: '/api/nudge/export',
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
  },
  pain: {
    report: '/api/pain/reported-pain-log',
    lastN: '/api/pain/last-n/log',
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
} as const;

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
  participantDetails: '/participant-details',
  adminHome: '/admin/home',
  unauthorized: '/unauthorized',
  /** Linked from the delete-account help page; open access. */
  privacyPolicy: '/privacy-policy',
} as const;

/** Query parameters of the emailed reset link (spec §2 'Forgot password'). */
export const RESET_LINK_PARAMS = { userName: 'user_name', loginCode: 'login_code' } as const;
