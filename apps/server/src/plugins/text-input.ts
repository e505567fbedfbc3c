import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError } from '#app/lib/app-error';

/** The longest field path an answer names. */
const MAX_FIELD_PATH = 120;

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Valid UTF-8 once encoded (no lone surrogate) and no NUL, which PostgreSQL text refuses. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The dotted path of the first string (or object key) in `value` that is not storable, in
 * document order. It walks with its own stack rather than recursion, so a body nested
 * thousands of levels deep is checked instead of overflowing the call stack.
 */
function firstBadText(value: unknown): string | null {
  const stack: { item: unknown; path: string; key?: string }[] = [{ item: value, path: '' }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { item, path, key } = frame;
    if (key !== undefined && !isStorableText(key)) return path;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [childKey, child] = entries[index] as [string, unknown];
      stack.push({ item: child, path: path ? `${path}.${childKey}` : childKey, key: childKey });
    }
  }
  return null;
}

/**
 * The one place text input is checked for what the database and the audit trail cannot hold: a
 * NUL character or a lone surrogate anywhere in the body, the query or the path answers 400
 * with the field, before any schema or handler sees it.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const bad = firstBadText(value);
      if (bad === null) continue;
      // The path is made of the client's keys: bounded, so a huge key is not echoed back.
      const field = (bad || context).slice(0, MAX_FIELD_PATH);
      const fields: FieldError[] = [{ field, message: MESSAGES.http.invalidText }];
      throw new AppError('VALIDATION_ERROR', `${MESSAGES.http.invalidText} (${field}).`, fields);
    }
  });
}
