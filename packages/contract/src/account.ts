import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import { sessionUserSchema } from './users';
import { emailSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './validation';

/** POST /api/account/login — the login form validates with the same schema (spec §5). */
export const loginRequestSchema = z.object({
  user_name: emailSchema,
  password: z
    .string({ error: MESSAGES.validation.passwordRequired })
    .check(
      z.minLength(1, MESSAGES.validation.passwordRequired),
      z.minLength(MIN_PASSWORD_LENGTH, MESSAGES.validation.passwordInvalid),
      z.maxLength(MAX_PASSWORD_LENGTH, MESSAGES.validation.passwordInvalid),
    ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = z.extend(tokenPairSchema, { user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const refreshTokenSchema = z
  .string({ error: 'refresh_token is required.' })
  .check(
    z.minLength(1, 'refresh_token is required.'),
    z.maxLength(512, 'refresh_token is not valid.'),
  );

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
