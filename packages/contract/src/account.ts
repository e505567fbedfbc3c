import { z } from 'zod';
import { MESSAGES } from './messages';
import { sessionUserSchema } from './users';
import {
  emailSchema,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  newPasswordSchema,
} from './validation';

/** POST /api/account/login — the login form validates with the same schema (spec §5). */
export const loginRequestSchema = z.object({
  user_name: emailSchema,
  password: z
    .string({ error: MESSAGES.validation.passwordRequired })
    .min(1, MESSAGES.validation.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, MESSAGES.validation.passwordInvalid)
    .max(MAX_PASSWORD_LENGTH, MESSAGES.validation.passwordInvalid),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const refreshTokenSchema = z
  .string({ error: 'refresh_token is required.' })
  .min(1, 'refresh_token is required.')
  .max(512, 'refresh_token is not valid.');

/** POST /api/account/token */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('refresh_token', { error: 'grant_type must be refresh_token.' }),
  refresh_token: refreshTokenSchema,
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** POST /api/account/logout */
export const logoutRequestSchema = z.object({ refresh_token: refreshTokenSchema });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** POST /api/account/reset-password — sends an activation code (spec §7). */
export const sendCodeRequestSchema = z.object({ user_name: emailSchema });
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

export const LOGIN_CODE_MAX_LENGTH = 128;

/** POST /api/account/signup — sets the password with the emailed code (spec §7). */
export const signupRequestSchema = z.object({
  user_name: emailSchema,
  login_code: z
    .string({ error: MESSAGES.validation.codeRequired })
    .trim()
    .min(1, MESSAGES.validation.codeRequired)
    .max(LOGIN_CODE_MAX_LENGTH, MESSAGES.account.codeInvalid),
  password: newPasswordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The reset form: the signup payload plus a confirmation that must match. Spec §5 had a
 * mismatch do nothing silently; issue 17 has it say so at the confirmation field.
 */
export const resetPasswordFormSchema = signupRequestSchema
  .extend({
    confirm_password: z
      .string({ error: MESSAGES.validation.passwordRequired })
      .min(1, MESSAGES.validation.passwordRequired),
  })
  .refine((form) => form.password === form.confirm_password, {
    error: MESSAGES.validation.passwordsDiffer,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
