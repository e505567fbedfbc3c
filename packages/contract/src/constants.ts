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
