import type * as z from 'zod/mini';
import { CSRF_HEADER } from '@recovery-portal/contract/constants';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { getSession } from '#app/lib/session.ts';
import { ApiError } from './api-error';
import { csrfToken } from './csrf';
import { readEnvelope } from './envelope';
import { tokenAfterUnauthorized } from './session-refresh';

export type UploadProgress = {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Size of the whole request body. */
  total: number;
};

export type ApiUploadOptions<S extends z.ZodMiniType> = {
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
export async function apiUpload<S extends z.ZodMiniType>(
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
  options: ApiUploadOptions<z.ZodMiniType>,
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
