import { z } from 'zod';
import { tokenPairSchema } from '@recovery-portal/contract/account';
import type { TokenRequest } from '@recovery-portal/contract/account';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import { errorCodeSchema, fieldErrorSchema } from '@recovery-portal/contract/envelope';
import type { ErrorCode, FieldError } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clearSession, getSession, setTokens } from './session';

/**
 * The one HTTP client of the portal. It attaches the bearer token, no-cache and CSRF headers,
 * unwraps the `{_success, _data}` envelope and refreshes an expired access token once. It never
 * shows a toast or navigates: a failed refresh clears the session and the app reacts to that.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Server codes plus two the client itself produces. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: readonly FieldError[];

  constructor(status: number, code: ApiErrorCode, message: string, fields: FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<S extends z.ZodType> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Validates `_data`; the caller gets the parsed value. */
  schema: S;
  signal?: AbortSignal;
};

/** Spec §6: these calls go without a bearer token or no-cache headers. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  API_PATHS.account.login,
  API_PATHS.account.token,
  API_PATHS.account.sendCode,
  API_PATHS.account.signup,
]);

const successEnvelopeSchema = z.object({ _success: z.literal(true), _data: z.unknown() });
// Lenient on purpose: a code this build does not know must not hide the server's sentence.
const failureEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  const isPublic = PUBLIC_PATHS.has(path);
  const url = withQuery(path, options.query);
  const usedToken = isPublic ? null : getSession().accessToken;
  let response = await send(url, options, isPublic, usedToken);
  if (response.status === 401 && !isPublic) {
    const nextToken = await tokenAfterUnauthorized(usedToken);
    if (nextToken !== null) response = await send(url, options, isPublic, nextToken);
  }
  return readEnvelope(response, options.schema);
}

function withQuery(path: string, query: ApiRequestOptions<z.ZodType>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send(
  url: string,
  options: ApiRequestOptions<z.ZodType>,
  isPublic: boolean,
  accessToken: string | null,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!isPublic) {
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }
  if (method !== 'GET') {
    const csrf = await csrfToken();
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    // Cancellation is TanStack Query's business; let it see its own AbortError.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.generic);
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}

let csrfBootstrap: Promise<void> | null = null;

/**
 * Double-submit CSRF: the header echoes the cookie. On a first visit there is no cookie yet;
 * any response sets it, so one shared GET of the health check obtains it.
 */
async function csrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing !== null) return existing;
  csrfBootstrap ??= fetch(API_PATHS.health, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      csrfBootstrap = null;
    });
  await csrfBootstrap;
  return readCookie(CSRF_COOKIE);
}

let refreshing: Promise<string | null> | null = null;

/** The token to retry with after a 401, or null when the request should fail as it is. */
async function tokenAfterUnauthorized(usedToken: string | null): Promise<string | null> {
  const current = getSession().accessToken;
  // Another request refreshed while this one was in flight: just retry with the new token.
  if (current !== null && current !== usedToken) return current;
  // Single flight: parallel 401s share one refresh, so a rotated refresh token is used once.
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshTokens(): Promise<string | null> {
  const refreshToken = getSession().refreshToken;
  if (refreshToken === null) {
    clearSession();
    return null;
  }
  try {
    const body: TokenRequest = { grant_type: 'refresh_token', refresh_token: refreshToken };
    const tokens = await apiRequest(API_PATHS.account.token, {
      method: 'POST',
      body,
      schema: tokenPairSchema,
    });
    // The user logged out while the refresh was in flight; do not bring the session back.
    if (getSession().refreshToken !== refreshToken) return null;
    setTokens(tokens);
    return tokens.access_token;
  } catch (error) {
    // The server refused the refresh token: the session is over. A network blip, rate limit
    // or server outage is not the user's fault, so the session is kept for the next attempt.
    if (error instanceof ApiError && [400, 401, 403].includes(error.status)) clearSession();
    return null;
  }
}

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The parsed body, or undefined when it is empty or not JSON (say, a proxy's HTML page). */
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

async function readEnvelope<S extends z.ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  const payload = await readJson(response);

  if (response.ok) {
    const envelope = successEnvelopeSchema.safeParse(payload);
    const data = envelope.success ? schema.safeParse(envelope.data._data) : null;
    if (!data?.success) throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.generic);
    return data.data;
  }

  const fallbackCode = CODE_BY_STATUS[response.status] ?? 'INTERNAL_ERROR';
  const failure = failureEnvelopeSchema.safeParse(payload);
  if (!failure.success) throw new ApiError(response.status, fallbackCode, MESSAGES.generic);
  const { code, message, fields } = failure.data.error;
  const knownCode = errorCodeSchema.safeParse(code);
  throw new ApiError(
    response.status,
    knownCode.success ? knownCode.data : fallbackCode,
    message || MESSAGES.generic,
    fields ?? [],
  );
}

/** The sentence to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.generic;
}
