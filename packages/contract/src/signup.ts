import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { newPasswordSchema, refusePasswordFromEmail } from './password-policy';
import { emailSchema } from './validation';

// Apart from account.ts so that only the screens setting a password load the password
// policy's word lists.

export const LOGIN_CODE_MAX_LENGTH = 128;

const signupFields = z.object({
  user_name: emailSchema,
  login_code: z
    .string({ error: MESSAGES.validation.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.validation.codeRequired),
      z.maxLength(LOGIN_CODE_MAX_LENGTH, MESSAGES.account.codeInvalid),
    ),
  password: newPasswordSchema,
});

/** POST /api/account/signup — sets the password with the emailed code (spec §7). */
export const signupRequestSchema = signupFields.check(
  z.superRefine(refusePasswordFromEmail<z.infer<typeof signupFields>>('user_name', 'password')),
);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The reset form: the signup payload plus a confirmation that must match. Spec §5 had a
 * mismatch do nothing silently; ADR 0024 has it say so at the confirmation field.
 */
export const resetPasswordFormSchema = z
  .extend(signupFields, {
    confirm_password: z
      .string({ error: MESSAGES.validation.passwordRequired })
      .check(z.minLength(1, MESSAGES.validation.passwordRequired)),
  })
  .check(
    z.superRefine(refusePasswordFromEmail('user_name', 'password')),
    z.refine((form) => form.password === form.confirm_password, {
      error: MESSAGES.validation.passwordsDiffer,
      path: ['confirm_password'],
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
