import * as z from 'zod/mini';
import {
  CODE_BY_STATUS,
  errorCodeSchema,
  fieldErrorSchema,
} from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { ApiError } from './api-error';

const successEnvelopeSchema = z.object({ _success: z.literal(true), _data: z.unknown() });
// Lenient on purpose: a code this build does not know must not hide the server's sentence.
const failureEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.array(fieldErrorSchema)),
  }),
});

/** The parsed body, or undefined when it is empty or not JSON (say, a proxy's HTML page). */
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Unwraps the `{_success, _data}` envelope and validates `_data` with `schema`; a failure
 * envelope (or anything else) throws an ApiError with the server's sentence when it sent one.
 */
export async function readEnvelope<S extends z.core.$ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  const payload = await readJson(response);

  if (response.ok) {
    const envelope = z.safeParse(successEnvelopeSchema, payload);
    const data = envelope.success ? z.safeParse(schema, envelope.data._data) : null;
    if (!data?.success) throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.generic);
    return data.data;
  }

  const fallbackCode = CODE_BY_STATUS[response.status] ?? 'INTERNAL_ERROR';
  const failure = z.safeParse(failureEnvelopeSchema, payload);
  if (!failure.success) throw new ApiError(response.status, fallbackCode, MESSAGES.generic);
  const { code, message, fields } = failure.data.error;
  const knownCode = z.safeParse(errorCodeSchema, code);
  throw new ApiError(
    response.status,
    knownCode.success ? knownCode.data : fallbackCode,
    message || MESSAGES.generic,
    fields ?? [],
  );
}
