import type * as z from 'zod/mini';
import { PUBLIC_API_PATHS } from '@recovery-portal/contract/paths';
import { getSession } from '#app/lib/session.ts';
import { readEnvelope } from './envelope';
import { tokenAfterUnauthorized } from './session-refresh';
import { send, withQuery, type HttpMethod, type QueryValue, type SendOptions } from './transport';

/**
 * The portal's JSON calls: headers (transport.ts), the envelope (envelope.ts), and one token
 * refresh and retry after a 401 (session-refresh.ts).
 */

export type ApiRequestOptions<S extends z.core.$ZodType> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Validates `_data`; the caller gets the parsed value. */
  schema: S;
  signal?: AbortSignal;
};

export async function apiRequest<S extends z.core.$ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  return readEnvelope(await sendWithRefresh(path, options), options.schema);
}

/** Sends a call and, after a 401 on a protected path, refreshes the tokens once and retries. */
export async function sendWithRefresh(path: string, options: SendOptions): Promise<Response> {
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
