import { vi } from 'vitest';
import type { ErrorCode, FieldError } from '@recovery-portal/contract/envelope';

/** A fetch Response carrying the API's JSON envelope. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function success(data: unknown, status = 200): Response {
  return jsonResponse(status, { _success: true, _data: data });
}

export function failure(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: FieldError[],
): Response {
  return jsonResponse(status, {
    _success: false,
    _error: message,
    error: { code, message, ...(fields ? { fields } : {}) },
  });
}

export type FetchCall = { url: string; init: RequestInit; headers: Record<string, string> };
type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Replaces global fetch for one test. The handler answers each call; `calls` records them with
 * their headers as a plain object, so tests can assert on what the portal sent.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call = { url, init, headers };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}

/** The JSON body a recorded call sent. */
export function bodyOf(call: FetchCall | undefined): unknown {
  const body = call?.init.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

export function setCsrfCookie(value = 'csrf-token-1'): void {
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}
