import type { FhirResourceType } from './fhir';
import { parsePatientScope, type PatientInteraction } from './smart-scopes';

/**
 * The pages a participant sees in a browser when an app asks to reach their data (SMART App
 * Launch, standalone) and when they set their password; the server renders them
 * (docs/participant-app.md, docs/decisions/0026-participant-app-launch.md).
 */
export const PARTICIPANT_APP_MESSAGES = {
  signInTitle: 'Sign in to Recovery',
  signInIntro: (appName: string) => `${appName} asks you to sign in with your Recovery account.`,
  /** The one answer to every refused sign-in: it tells no one whether an account exists. */
  signInRefused: 'The email or password is incorrect.',
  tooManyAttempts: (seconds: number) =>
    `Too many sign-in attempts. Please wait ${Math.max(1, Math.ceil(seconds / 60))} minute${seconds > 60 ? 's' : ''} and try again.`,
  fieldsRequired: 'Enter your email and password.',
  consentTitle: 'Allow access?',
  consentIntro: (appName: string) => `${appName} would like to:`,
  consentOwnData: 'It reaches only your own data. To end its access later, contact your care team.',
  keepSignedIn: 'Keep you signed in, so you do not have to sign in every time you open it',
  allow: 'Allow',
  deny: 'Deny',
  requestExpired:
    'This sign-in has expired or was opened in another window. Go back to the app and start again.',
  unknownClient:
    'This app is not registered with Recovery (unknown or revoked client_id). Ask its maker to register it, or check the address it opened.',
  unregisteredRedirect:
    'The app asked to return to an address (redirect_uri) that is not registered for it exactly, so this page will not send you there. Ask the app maker to register that address.',
  errorTitle: 'This app cannot sign in',
  activateTitle: 'Set your password',
  activateIntro:
    'Enter the activation code from your email and choose a password. Then open the app and sign in with your email and this password.',
  activateDone:
    'Your password is set. Open the Recovery app and sign in with your email and your new password.',
  activateDoneTitle: 'Password set',
  forgotTitle: 'Forgot password?',
  forgotIntro:
    'Enter the email address of your Recovery account. We will email you a code to set a new password.',
  forgotSent:
    'If an account uses this email, we have sent it a code and a link to set a new password. It may take a few minutes to arrive.',
  formExpired: 'This page has expired. Please try again.',
} as const;

/** How a participant reads each type of their record on the consent page. */
const TYPE_WORDS: Record<FhirResourceType, string> = {
  Patient: 'your profile (name, date of birth, contact details)',
  Practitioner: 'the names of your clinicians',
  Observation: 'your measurements (activity, sleep, weight, blood pressure, lab results)',
  Procedure: 'your surgeries',
  ImagingStudy: 'your X-rays and scans',
  Flag: 'the alerts your care team keeps about you',
  Communication: 'your messages from the coach and the programme',
  Questionnaire: 'the questionnaires of the programme',
  QuestionnaireResponse: 'your questionnaire answers',
  Group: 'the names of the programme groups',
};

const VERBS: { words: string; letters: readonly PatientInteraction[] }[] = [
  { words: 'See', letters: ['r', 's'] },
  { words: 'Add', letters: ['c'] },
  { words: 'Change', letters: ['u'] },
  { words: 'Delete', letters: ['d'] },
];

/**
 * The consent page's lines for granted scopes, in plain words: what the app may see, add,
 * change and delete, then whether it keeps the participant signed in.
 */
export function describeAppScopes(scopes: readonly string[]): string[] {
  const parsed = scopes.flatMap((scope) => parsePatientScope(scope) ?? []);
  const lines = VERBS.flatMap(({ words, letters }) => {
    const types = parsed.filter((scope) => letters.some((l) => scope.interactions.has(l)));
    if (types.length === 0) return [];
    if (types.some((scope) => scope.type === '*')) return [`${words} all of your recovery record`];
    const named = [...new Set(types.map((scope) => TYPE_WORDS[scope.type as FhirResourceType]))];
    const list =
      named.length === 1 ? named[0] : `${named.slice(0, -1).join('; ')}; and ${named.at(-1)}`;
    return [`${words} ${list}`];
  });
  return scopes.includes('offline_access')
    ? [...lines, PARTICIPANT_APP_MESSAGES.keepSignedIn]
    : lines;
}
