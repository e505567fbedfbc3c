import { randomBytes } from 'node:crypto';
import { loginResponseSchema, type LoginResponse } from '@recovery-portal/contract/account';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import { API_PATHS } from '@recovery-portal/contract/paths';

/** Any single call that takes longer than this counts as a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpAnswer {
  status: number;
  /** The parsed JSON envelope (null for a body that is not JSON). */
  body: unknown;
  /** The server's x-request-id, which the audit trail records. */
  requestId: string | null;
  /** Wall time of the call. */
  ms: number;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  /** A prepared body (multipart) with its own content-type header. */
  raw?: { payload: Buffer; headers: Record<string, string> };
  timeoutMs?: number;
}

/**
 * Calls the API over real HTTP as the portal does: the double-submit CSRF cookie and header on
 * every call, and the bearer token when given. Network failures reject (a killed server);
 * every HTTP answer resolves, whatever its status.
 */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<HttpAnswer> {
  const csrf = randomBytes(12).toString('base64url');
  const headers: Record<string, string> = {
    cookie: `${CSRF_COOKIE}=${csrf}`,
    [CSRF_HEADER.toLowerCase()]: csrf,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.raw) {
    Object.assign(headers, options.raw.headers);
    body = options.raw.payload;
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return {
    status: response.status,
    body: parsed,
    requestId: response.headers.get('x-request-id'),
    ms: performance.now() - started,
  };
}

/** The `_data` of a success envelope; throws with the answer when it is not one. */
export function dataOf(answer: HttpAnswer): unknown {
  const envelope = answer.body as { _success?: unknown; _data?: unknown } | null;
  if (answer.status !== 200 || envelope?._success !== true) {
    throw new Error(
      `expected a 200 success envelope, got ${answer.status}: ${bodyExcerpt(answer)}`,
    );
  }
  return envelope._data;
}

/** The `_error` sentence of a failure envelope, or null when the body is not one. */
export function errorSentence(answer: HttpAnswer): string | null {
  const envelope = answer.body as { _success?: unknown; _error?: unknown } | null;
  return envelope?._success === false && typeof envelope._error === 'string'
    ? envelope._error
    : null;
}

export function bodyExcerpt(answer: HttpAnswer): string {
  return JSON.stringify(answer.body).slice(0, 400);
}

/** Password sign-in over HTTP. */
export async function login(
  baseUrl: string,
  email: string,
  password: string,
): Promise<LoginResponse> {
  const answer = await call(baseUrl, 'POST', API_PATHS.account.login, {
    json: { user_name: email, password },
  });
  return loginResponseSchema.parse(dataOf(answer));
}
