import * as z from 'zod/mini';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { ApiError } from './api-error';
import { readEnvelope } from './envelope';
import { sendWithRefresh } from './request';
import type { QueryValue } from './transport';

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
