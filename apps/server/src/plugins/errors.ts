import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope, FieldError } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError, RateLimitedError } from '#app/lib/app-error';
import { isDatabaseUnavailable, isStatementCancelled } from '#app/db/errors';
import { sessionUnchecked } from './auth';

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  fields?: FieldError[],
): ErrorEnvelope {
  return {
    _success: false,
    _error: message,
    error: fields?.length ? { code, message, fields } : { code, message },
  };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: FieldError[],
) {
  return reply
    .code(status)
    .type('application/json')
    .send(errorEnvelope(code, message, fields));
}

function ensureSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function validationFields(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: path || context, message: issue.message ?? 'is invalid' };
  });
}

/** Fastify's own error codes for request-shape problems, mapped to envelope statuses. */
const FASTIFY_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_ERROR', MESSAGES.http.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    400,
    'VALIDATION_ERROR',
    'The request body is empty but its content type says JSON.',
  ],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    MESSAGES.http.unsupportedMediaType,
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'VALIDATION_ERROR',
    'The Content-Length header does not match the body.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', MESSAGES.http.payloadTooLarge],
};

/**
 * Answers an error as the envelope. On a route that checks its session itself, a client error
 * raised before it did (an invalid body, say) first has the session checked: a caller whose
 * session no longer holds is told only that (401 or 403), as on every other route. A server
 * error (the database unreachable) tells the caller nothing about their input and is answered as
 * it is, without waiting on the database a second time.
 */
async function handleError(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (sessionUnchecked(request) && (error.statusCode ?? 500) < 500) {
    try {
      await request.pendingSession.check();
    } catch (refusal) {
      return answerError(refusal as FastifyError, request, reply);
    }
  }
  return answerError(error, request, reply);
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
  if (error instanceof AppError) {
    return sendError(reply, error.statusCode, error.code, error.message, error.fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error);
    const first = fields[0];
    const message = first
      ? ensureSentence(`${first.message} (${first.field})`)
      : 'The request is invalid.';
    return sendError(reply, 400, 'VALIDATION_ERROR', message, fields);
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return sendError(reply, known[0], known[1], known[2]);
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendError(reply, 503, 'SERVICE_UNAVAILABLE', MESSAGES.http.databaseUnavailable);
  }
  if (isStatementCancelled(error)) {
    request.log.error({ err: error }, 'database statement cancelled (statement timeout)');
    return sendError(reply, 503, 'SERVICE_UNAVAILABLE', MESSAGES.http.databaseTimeout);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // A client error raised by Fastify or a plugin: keep its status, word it as a sentence.
    const code: ErrorCode = status === 429 ? 'RATE_LIMITED' : 'VALIDATION_ERROR';
    // Some plugins give only a status word (@fastify/static: 'Forbidden' for a path with %00).
    const worded = /\s/.test(error.message.trim()) ? error.message : '';
    return sendError(
      reply,
      status,
      code,
      ensureSentence(worded || `The request was refused (HTTP ${status})`),
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, 'INTERNAL_ERROR', MESSAGES.http.internal);
}

/**
 * Fastify's `frameworkErrors`: failures found before routing, such as a malformed
 * percent-escape in the path or a path parameter over the router's length limit.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 400, 'VALIDATION_ERROR', 'The address contains a malformed %-escape.');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 414, 'VALIDATION_ERROR', 'The address is too long.');
  } else {
    request.log.error({ err: error }, 'routing failed');
    sendError(reply, 500, 'INTERNAL_ERROR', MESSAGES.http.internal);
  }
}

/** One error path: every failure, including unknown API routes, leaves as the envelope. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
