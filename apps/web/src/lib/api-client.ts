import { z } from 'zod';
import { tokenPairSchema } from '@recovery-portal/contract/account';
import type { TokenRequest } from '@recovery-portal/contract/account';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import {
  CODE_BY_STATUS,
  errorCodeSchema,
  fieldErrorSchema,
} from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS, PUBLIC_API_PATHS } from '@recovery-portal/contract/paths';
import { ApiError } from './api-error';
import { markSessionExpired } from './return-after-sign-in';
import { clearSession, getSession, setTokens } from './session';

/**
 * The one HTTP client of the portal. It attaches the bearer token, no-cache and CSRF headers,
 * unwraps the `{_success, _data}` envelope and refreshes an expired access token once. It never
 * shows a toast or navigates: a failed refresh clears the session and the app reacts to that.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export { ApiError, errorMessage, type ApiErrorCode } from './api-error';

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
  return readEnvelope(await sendWithRefresh(path, options), options.schema);
}

export type ApiDownloadOptions = {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** What the caller expects back, e.g. 'text/csv'. Failures still arrive as JSON. */
  accept?: string;
  signal?: AbortSignal;
};

export type DownloadedFile = {
  blob: Blob;
  /** From the Content-Disposition header, or null when the server named none. */
  fileName: string | null;
};

/**
 * GET a file (say, a CSV export) with the same bearer token, no-cache headers and token refresh
 * as every other call. A failure is the usual envelope and throws the same ApiError.
 */
export async function apiDownload(
  path: string,
  options: ApiDownloadOptions = {},
): Promise<DownloadedFile> {
  const accept = options.accept ?? '*/*';
  const response = await sendWithRefresh(path, {
    method: 'GET',
    ...(options.query ? { query: options.query } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    accept: `${accept}, application/json;q=0.5`,
  });
  if (!response.ok) return readEnvelope(response, z.never());
  try {
    const blob = await response.blob();
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The connection broke while the file was streaming in.
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.generic);
  }
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` preferred). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(disposition);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name : null;
}

type SendOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** The Accept header; JSON unless the caller downloads a file. */
  accept?: string;
};

/** Sends a call and, after a 401 on a protected path, refreshes the tokens once and retries. */
async function sendWithRefresh(path: string, options: SendOptions): Promise<Response> {
  const isPublic = PUBLIC_API_PATHS.has(path);
  const url = withQuery(path, options.query);
  const usedToken = isPublic ? null : getSession().accessToken;
  let response = await send(url, options, isPublic, usedToken);
  if (response.status === 401 && !isPublic) {
    const nextToken = await tokenAfterUnauthorized(usedToken);
    if (nextToken !== null) response = await send(url, options, isPublic, nextToken);
  }
  return response;
}

function withQuery(path: string, query: SendOptions['query']): string {
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
  options: SendOptions,
  isPublic: boolean,
  accessToken: string | null,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
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
  return renewSession();
}

/**
 * Rotates the tokens now; the new access token, or null when the session could not be renewed.
 * Single flight: parallel callers share one refresh, so a rotated refresh token is used once.
 * Besides 401s, the idle logoff calls this while the user is active, which is how the server
 * learns that a session is still in use.
 */
export function renewSession(): Promise<string | null> {
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
    if (error instanceof ApiError && [400, 401, 403].includes(error.status)) {
      markSessionExpired();
      clearSession();
    }
    return null;
  }
}

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

export type UploadProgress = {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Size of the whole request body. */
  total: number;
};

export type ApiUploadOptions<S extends z.ZodType> = {
  /** Sent as multipart/form-data; the browser writes the boundary. */
  body: FormData;
  /** Validates `_data`; the caller gets the parsed value. */
  schema: S;
  method?: 'POST' | 'PUT';
  /** Called as the body goes out (XMLHttpRequest upload progress; fetch has none). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Uploads a multipart body with progress events, with the same bearer token, no-cache and CSRF
 * headers, envelope and single token refresh as apiRequest. A retried upload starts again at 0.
 */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  options: ApiUploadOptions<S>,
): Promise<z.output<S>> {
  const usedToken = getSession().accessToken;
  let response = await sendUpload(path, options, usedToken);
  if (response.status === 401) {
    const nextToken = await tokenAfterUnauthorized(usedToken);
    if (nextToken !== null) response = await sendUpload(path, options, nextToken);
  }
  return readEnvelope(response, options.schema);
}

async function sendUpload(
  path: string,
  options: ApiUploadOptions<z.ZodType>,
  accessToken: string | null,
): Promise<Response> {
  const csrf = await csrfToken();
  const { signal, onProgress } = options;
  return new Promise<Response>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken !== null) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('Cache-Control', 'no-cache');
    xhr.setRequestHeader('Pragma', 'no-cache');
    if (csrf !== null) xhr.setRequestHeader(CSRF_HEADER, csrf);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      const { status } = xhr;
      if (status < 200 || status > 599) {
        reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.generic));
        return;
      }
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      const empty = text === '' || status === 204 || status === 205 || status === 304;
      resolve(
        new Response(empty ? null : text, {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.generic));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(options.body);
  });
}
