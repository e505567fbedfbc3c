import * as z from 'zod/mini';
import { loginResponseSchema } from './account';
import { idSchema, staffRoleSchema, userStatusSchema } from './users';
import { MAX_PASSWORD_LENGTH } from './validation';

/** RFC 6238 parameters every authenticator app understands (Google Authenticator's defaults). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Recovery Portal';
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code, shown as three groups of four. */
export const RECOVERY_CODE_LENGTH = 12;
/** A sign-in waits this long for its code (or, when enrolment is required, for enrolment). */
export const MFA_CHALLENGE_TTL_MINUTES = 10;
/** Wrong codes one challenge accepts before the sign-in has to start again. */
export const MFA_MAX_CODE_ATTEMPTS = 5;
const MAX_CODE_INPUT_LENGTH = 64;
const MAX_CHALLENGE_TOKEN_LENGTH = 512;

export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  totpFormat: 'The code is the 6 digits your authenticator app shows.',
  codeFormat: 'Enter the 6 digits your authenticator app shows, or one of your recovery codes.',
  codeInvalid: 'That code is not correct. Check your authenticator app and try again.',
  challengeRequired: 'challenge_token is required.',
  challengeExpired: 'This sign-in has expired or was already completed. Please log in again.',
  alreadyEnabled: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  notEnabled: 'Two-step sign-in is not on for this account.',
  noPendingSetup: 'There is no setup waiting for a code. Start the setup again.',
  notEnrolChallenge: 'This sign-in does not set up two-step sign-in.',
  requiredCannotDisable:
    'Your administrator requires two-step sign-in for all staff, so it cannot be turned off.',
  proofRequired: 'Enter your password or a current code from your authenticator app.',
  proofBoth: 'Enter your password or a code, not both.',
  proofInvalid: 'The password or code is not correct.',
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in is off.',
  recoveryCodesReplaced: 'New recovery codes were made. The old ones no longer work.',
  requiredOn: 'Two-step sign-in is now required for all staff.',
  requiredOff: 'Two-step sign-in is no longer required for all staff.',
  requireSelfFirst:
    'Turn on two-step sign-in for your own account before requiring it for all staff.',
  requiredBoolean: 'required_for_staff must be true or false.',
  staffNotFound: 'This staff member does not exist.',
  staffReset:
    'Two-step sign-in was turned off for this staff member. Their recovery codes no longer work.',
  statusFetchError: 'Error fetching your sign-in security settings',
  policyFetchError: 'Error fetching the two-step sign-in settings',
} as const;

/** The code as typed, spaces and dashes removed and letters upper-cased. */
export function normaliseOneTimeCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** True for a normalised code shaped like a TOTP code rather than a recovery code. */
export function isTotpCode(normalised: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalised);
}

/** How recovery codes are shown: XXXX-XXXX-XXXX. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

const TOTP_INPUT = /^\s*\d{3}\s?\d{3}\s*$/;
const RECOVERY_INPUT = /^\s*[A-Za-z0-9]{4}(?:[\s-]?[A-Za-z0-9]{4}){2}\s*$/;

/** Six digits, optionally typed as two groups of three. */
export const totpCodeSchema = z
  .string({ error: MFA_MESSAGES.codeRequired })
  .check(
    z.minLength(1, MFA_MESSAGES.codeRequired),
    z.maxLength(MAX_CODE_INPUT_LENGTH, MFA_MESSAGES.totpFormat),
    z.regex(TOTP_INPUT, MFA_MESSAGES.totpFormat),
  );

/** The second sign-in step takes either kind of code. */
export const oneTimeCodeSchema = z.string({ error: MFA_MESSAGES.codeRequired }).check(
  z.minLength(1, MFA_MESSAGES.codeRequired),
  z.maxLength(MAX_CODE_INPUT_LENGTH, MFA_MESSAGES.codeFormat),
  z.refine((value) => TOTP_INPUT.test(value) || RECOVERY_INPUT.test(value), {
    error: MFA_MESSAGES.codeFormat,
  }),
);

const challengeTokenSchema = z
  .string({ error: MFA_MESSAGES.challengeRequired })
  .check(
    z.minLength(1, MFA_MESSAGES.challengeRequired),
    z.maxLength(MAX_CHALLENGE_TOKEN_LENGTH, MFA_MESSAGES.challengeExpired),
  );

/**
 * What the password step answers instead of tokens when a second step is needed: VERIFY asks
 * for a code, ENROL (an administrator requires two-step sign-in and the account has none yet)
 * allows nothing but setting it up, after which the sign-in completes.
 */
export const MFA_CHALLENGE_KINDS = ['VERIFY', 'ENROL'] as const;
export const mfaChallengeSchema = z.object({
  mfa: z.enum(MFA_CHALLENGE_KINDS),
  challenge_token: z.string(),
  expires_in_seconds: z.int().check(z.positive()),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** POST /api/account/login answers either the session or a challenge. */
export const loginResultSchema = z.union([loginResponseSchema, mfaChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/account/mfa/verify: the second step, with a TOTP code or a recovery code. */
export const mfaVerifyRequestSchema = z.object({
  challenge_token: challengeTokenSchema,
  code: oneTimeCodeSchema,
});
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequestSchema>;

/** The second-step form: the code, with the challenge kept outside the form. */
export const mfaCodeFormSchema = z.object({ code: oneTimeCodeSchema });
export type MfaCodeForm = z.infer<typeof mfaCodeFormSchema>;

/** POST /api/account/mfa/enrol/start: the ENROL challenge asks for a secret. */
export const mfaChallengeEnrolStartSchema = z.object({ challenge_token: challengeTokenSchema });
export type MfaChallengeEnrolStart = z.infer<typeof mfaChallengeEnrolStartSchema>;

/** POST /api/account/mfa/enrol/confirm: the first code turns it on and completes the sign-in. */
export const mfaChallengeEnrolConfirmSchema = z.object({
  challenge_token: challengeTokenSchema,
  code: totpCodeSchema,
});
export type MfaChallengeEnrolConfirm = z.infer<typeof mfaChallengeEnrolConfirmSchema>;

/** A pending enrolment: what the authenticator app needs, as a QR code and as text. */
export const mfaEnrolmentSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// key URI the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code as a data: URL (an SVG image), rendered by the server. */
  qr_code: z.string(),
  issuer: z.string(),
  account_name: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

/** Recovery codes are shown once, when made; the server keeps only keyed hashes. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The session and the recovery codes, when a required enrolment completes the sign-in. */
export const mfaEnrolledLoginSchema = z.object({
  ...loginResponseSchema.shape,
  ...recoveryCodesSchema.shape,
});
export type MfaEnrolledLogin = z.infer<typeof mfaEnrolledLoginSchema>;

/** POST /api/account/mfa/confirm (signed in): the first code from the app turns it on. */
export const mfaConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type MfaConfirmRequest = z.infer<typeof mfaConfirmRequestSchema>;

/**
 * Turning two-step sign-in off, or replacing the recovery codes, takes proof that the person at
 * the screen is the account holder: the password or a current code from the app.
 */
export const mfaProofSchema = z
  .object({
    password: z.optional(
      z
        .string({ error: MFA_MESSAGES.proofRequired })
        .check(z.maxLength(MAX_PASSWORD_LENGTH, MFA_MESSAGES.proofInvalid)),
    ),
    code: z.optional(
      z
        .string({ error: MFA_MESSAGES.proofRequired })
        .check(z.maxLength(MAX_CODE_INPUT_LENGTH, MFA_MESSAGES.totpFormat)),
    ),
  })
  .check(
    z.refine((value) => !!value.password || !!value.code, {
      error: MFA_MESSAGES.proofRequired,
      path: ['password'],
    }),
    z.refine((value) => !(value.password && value.code), {
      error: MFA_MESSAGES.proofBoth,
      path: ['code'],
    }),
    z.refine((value) => !value.code || TOTP_INPUT.test(value.code), {
      error: MFA_MESSAGES.totpFormat,
      path: ['code'],
    }),
  );
export type MfaProof = z.infer<typeof mfaProofSchema>;

/** GET /api/account/mfa: the signed-in staff member's own settings. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.nullable(z.string()),
  recovery_codes_left: z.int(),
  /** An administrator requires two-step sign-in for all staff. */
  required_for_staff: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaStaffMemberSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: userStatusSchema,
  mfa_enabled: z.boolean(),
});
export type MfaStaffMember = z.infer<typeof mfaStaffMemberSchema>;

/** GET /api/staff/mfa-policy (administrators): the requirement and who has set it up. */
export const mfaPolicySchema = z.object({
  required_for_staff: z.boolean(),
  staff: z.array(mfaStaffMemberSchema),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

/** PUT /api/staff/mfa-policy */
export const mfaPolicyRequestSchema = z.object({
  required_for_staff: z.boolean({ error: MFA_MESSAGES.requiredBoolean }),
});
export type MfaPolicyRequest = z.infer<typeof mfaPolicyRequestSchema>;

/** DELETE /api/staff/:id/mfa: an administrator turns it off for someone who lost their device. */
export const mfaStaffParamsSchema = z.object({ id: idSchema });
