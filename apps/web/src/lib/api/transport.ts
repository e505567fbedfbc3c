import { CSRF_HEADER } from '@recovery-portal/contract/constants';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { ApiError } from './api-error';
import { csrfToken } from './csrf';

/**
 * One HTTP exchange with fetch: the bearer token, no-cache and CSRF headers the server expects
 * (spec §6), and a network failure as an ApiError. Retrying after a refresh is request.ts's job.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export type SendOptions = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** The Accept header; JSON unless the caller downloads a file. */
  accept?: string;
};

export function withQuery(path: string, query: SendOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A public call (login, token, …) goes without bearer and no-cache headers. */
export async function send(
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
