import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@recovery-portal/contract/envelope';

const successEnvelopeShape = z.object({ _success: z.literal(true), _data: z.unknown() }).strict();

/** Wording that means internals leaked into a message meant for people. */
const LEAK_PATTERNS = [
  /\bat .+\(.+:\d+:\d+\)/, // a stack frame
  /node_modules/,
  /FST_[A-Z_]+/,
  /Zod[A-Z]\w*/,
  /\b(syntax error at or near|violates .+ constraint|relation ".+"|invalid byte sequence)\b/i,
  /postgres(ql)?:\/\//i,
];

/**
 * Why a text is not the human sentence the envelope promises, or null when it is one: one line,
 * with words, ending like a sentence, bounded, and free of stack traces, SQL or internal codes.
 */
export function sentenceProblem(text: string): string | null {
  if (text.trim() !== text || text.length === 0) return 'is empty or padded with spaces';
  if (!/\p{L}{2,}/u.test(text) || !text.includes(' ')) return 'has no words';
  if (!/[.!?]$/.test(text)) return 'does not end like a sentence (. ! ?)';
  if (/[\r\n]/.test(text)) return 'spans several lines';
  if (text.length > 600) return `is ${text.length} characters long (echoed input?)`;
  const leak = LEAK_PATTERNS.find((pattern) => pattern.test(text));
  return leak ? `leaks internals (${leak.source})` : null;
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Why a 4xx/5xx response is not the failure envelope with a sentence, or null. */
export function errorEnvelopeProblem(response: LightMyRequestResponse): string | null {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `content-type is ${String(response.headers['content-type'])}, not JSON`;
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok) return 'the body is not JSON';
  const envelope = z.strictObject(errorEnvelopeSchema.shape).safeParse(parsed.value);
  if (!envelope.success) return `not the failure envelope: ${response.body.slice(0, 200)}`;
  const { _error, error } = envelope.data;
  if (_error !== error.message) return '_error differs from error.message';
  const problem = sentenceProblem(_error);
  if (problem) return `the message "${_error.slice(0, 120)}" ${problem}`;
  // Field errors are shown next to form fields: they need words, not a full stop.
  const badField = error.fields?.find((field) => field.message.trim() === '');
  if (badField) return `field error of ${badField.field} has no message`;
  if (response.body.length > 20_000) {
    return `the failure body is ${response.body.length} characters (echoed input?)`;
  }
  return null;
}

/** Why a 2xx JSON response is not the success envelope, or null (non-JSON bodies pass). */
export function successEnvelopeProblem(response: LightMyRequestResponse): string | null {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return null;
  const parsed = parseJson(response.body);
  if (!parsed.ok) return 'the body is not JSON';
  return successEnvelopeShape.safeParse(parsed.value).success
    ? null
    : `not the success envelope: ${response.body.slice(0, 200)}`;
}

/** The envelope check matching the status: failure envelope for 4xx/5xx, success otherwise. */
export function envelopeProblem(response: LightMyRequestResponse): string | null {
  return response.statusCode >= 400
    ? errorEnvelopeProblem(response)
    : successEnvelopeProblem(response);
}
