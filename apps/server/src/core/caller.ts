import type { FastifyRequest } from 'fastify';

/** Where a call came from, for throttling and the audit trail. */
export interface CallerContext {
  clientAddress: string;
  userAgent?: string;
  requestId: string;
  /** Sign-in steps: the accounts whose trusted-browser cookie came along, and its device id. */
  trustedDevices?: ReadonlyMap<number, string>;
}

/** The caller of a request. */
export function callerOf(request: FastifyRequest): CallerContext {
  const userAgent = request.headers['user-agent'];
  return { clientAddress: request.ip, requestId: request.id, ...(userAgent ? { userAgent } : {}) };
}
