/** The demo logins printed at start on the embedded default (never created in production). */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_ACCOUNTS = [
  { role: 'ADMINISTRATOR', email: 'admin@demo.test', firstName: 'Ada', lastName: 'Admin' },
  { role: 'CLINICIAN', email: 'clinician@demo.test', firstName: 'Claire', lastName: 'Clinician' },
] as const;

/**
 * The demo participant who signs in to a participant app (docs/participant-app.md) with
 * DEMO_PASSWORD: an active Internal participant recovering from a total knee replacement.
 */
export const DEMO_PARTICIPANT = { email: 'participant@demo.test' } as const;

/** User groups of the demo; 'CZ' is the default group of Internal participants (spec §9). */
export const DEMO_GROUPS = ['CZ', 'Knee Recovery', 'Hip Recovery', 'Cardiac Rehab'];
