import type { OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FHIR_CONTENT_TYPE, FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { isDatabaseUnavailable, isStatementCancelled } from '#app/db/errors';
import { AppError } from '#app/lib/app-error';

/** OperationOutcome.issue.code values this API uses (FHIR R4 IssueType value set). */
export type IssueType =
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'invalid'
  | 'not-supported'
  | 'too-long'
  | 'throttled'
  | 'exception'
  | 'transient'
  | 'processing'
  | 'required'
  | 'value'
  | 'code-invalid'
  | 'structure'
  | 'duplicate';

/** A refusal of a FHIR call: leaves as an OperationOutcome with its HTTP status. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueType: IssueType,
    message: string,
    /** Seconds to wait before asking again (sent as Retry-After), for 429. */
    readonly retryAfterSeconds?: number,
    /** The element at fault, as a FHIRPath (Observation.valueQuantity.code). */
    readonly expression?: string,
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

export function operationOutcome(
  issueType: IssueType,
  message: string,
  severity: 'error' | 'information' = 'error',
  expression?: string,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity,
        code: issueType,
        diagnostics: message,
        ...(expression ? { expression: [expression], location: [expression] } : {}),
      },
    ],
  };
}

export function sendFhir(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(`${FHIR_CONTENT_TYPE}; charset=utf-8`).send(JSON.stringify(body));
}

/** Fastify's refusals of a request's shape (before any FHIR code ran), in FHIR's words. */
const REQUEST_ERRORS: Record<string, [number, IssueType, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too-long', FHIR_MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'not-supported', FHIR_MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid', FHIR_MESSAGES.malformedBody],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid', FHIR_MESSAGES.malformedBody],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid', FHIR_MESSAGES.contentLength],
  FST_ERR_BAD_URL: [400, 'invalid', FHIR_MESSAGES.malformedAddress],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'too-long', FHIR_MESSAGES.addressTooLong],
};

/** A client error as the FHIR refusal it is; null for a server failure. */
function refusalOf(error: FastifyError): FhirError | null {
  if (error instanceof FhirError) return error;
  const known = error.code ? REQUEST_ERRORS[error.code] : undefined;
  if (known) return new FhirError(...known);
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  // The shared checks (NUL and lone surrogates in the query or body) word their own sentence.
  const worded = error instanceof AppError || /\s/.test(error.message.trim());
  return new FhirError(
    status,
    status === 429 ? 'throttled' : 'invalid',
    worded ? error.message : FHIR_MESSAGES.refused(status),
  );
}

/** Every failure under the FHIR base leaves as an OperationOutcome with its status. */
export function handleFhirError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error);
  if (refusal) {
    if (refusal.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(refusal.retryAfterSeconds));
    }
    return sendFhir(
      reply,
      refusal.statusCode,
      operationOutcome(refusal.issueType, refusal.message, 'error', refusal.expression),
    );
  }
  if (isDatabaseUnavailable(error) || isStatementCancelled(error)) {
    request.log.error({ err: error }, 'FHIR call: database unavailable');
    return sendFhir(reply, 503, operationOutcome('transient', FHIR_MESSAGES.databaseUnavailable));
  }
  request.log.error({ err: error }, 'FHIR call failed');
  return sendFhir(reply, 500, operationOutcome('exception', FHIR_MESSAGES.internal));
}

/**
 * Fastify's `frameworkErrors` for addresses under the FHIR base: a malformed %-escape or an
 * over-long path fails before routing, so no FHIR hook has run and the header is set here.
 */
export function handleFhirFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  handleFhirError(error, request, reply.header('cache-control', 'no-store'));
}
