import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, when its answer has gone out; Fastify's default writes two (one as
 * it arrives, one as it completes), and the request's whole URL. This names the route pattern,
 * never the URL: a URL can carry a search text or an email in its query (no PHI in logs).
 * Fastify's other request logs (errors, broken streams) are kept.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export function createRequestLogController(): LogController {
  return new OneLinePerRequest();
}
