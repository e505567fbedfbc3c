import * as z from 'zod/mini';

/** Machine-readable error codes carried in `error.code` of every failure envelope. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The HTTP status the server answers each code with. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/**
 * The code a client reads into a failure without an envelope (a proxy's page, an empty body):
 * the first code of ERROR_CODES answered with that status.
 */
export const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = Object.fromEntries(
  [...ERROR_CODES].reverse().map((code) => [STATUS_BY_CODE[code], code]),
);

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  _success: z.literal(false),
  _error: z.string(),
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.optional(z.array(fieldErrorSchema)),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Wraps a payload schema in the success envelope `{ _success: true, _data }`. */
export function successEnvelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ _success: z.literal(true), _data: data });
}

/** Reply for calls whose success carries no payload beyond a human sentence. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;
