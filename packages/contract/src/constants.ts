/** Business constants of spec §9 that both sides rely on. */
export const SESSION_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
} as const;

export const TOAST_DURATION_MS = 2500;
export const SNACKBAR_DURATION_MS = 300_000;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

export const DATE_FORMAT_API = 'YYYY-MM-DD';

/**
 * The participant types (spec §3), here without zod so that the portal's header, which the
 * sign-in page draws, can check a remembered tab without loading the schema library.
 */
export const PARTICIPANT_TYPES = ['Internal', 'Pilot', 'Demo'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export const DEFAULT_PARTICIPANT_TYPE: ParticipantType = 'Internal';

export function isParticipantType(value: unknown): value is ParticipantType {
  return PARTICIPANT_TYPES.some((type) => type === value);
}
