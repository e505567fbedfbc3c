import type { FastifyRequest } from 'fastify';
import type { CallerContext } from '../features/account/account.service';

export function callerOf(request: FastifyRequest): CallerContext {
  const userAgent = request.headers['user-agent'];
  return { clientAddress: request.ip, requestId: request.id, ...(userAgent ? { userAgent } : {}) };
}
