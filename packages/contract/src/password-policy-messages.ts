/**
 * What the password policy (password-policy.ts) tells people, apart from its check: a form can
 * show these without loading zxcvbn's word lists, which the check needs.
 */

/** Every password someone sets: at least this long (NIST SP 800-63B asks for 8 at least). */
export const MIN_NEW_PASSWORD_LENGTH = 12;

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `Password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`,
  /** Shown under the new-password fields before anything is typed. */
  hint: `Use at least ${MIN_NEW_PASSWORD_LENGTH} characters that are hard to guess: several unrelated words work well.`,
  weak: (reason: string | null) =>
    `Password is too easy to guess${reason ? `: ${reason}` : ''}. Add more unrelated words or characters.`,
} as const;
