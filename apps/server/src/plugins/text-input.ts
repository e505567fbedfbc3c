import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError } from '../lib/app-error';

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Valid UTF-8 once encoded (no lone surrogate) and no NUL, which PostgreSQL text refuses. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The dotted path of the first string (or object key) in `value` that is not storable. */
function firstBadText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return at;
    const bad = firstBadText(item, at);
    if (bad !== null) return bad;
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
      const field = firstBadText(value, '');
      if (field === null) continue;
      const fields: FieldError[] = [
        { field: field || context, message: MESSAGES.http.invalidText },
      ];
      throw new AppError(
        'VALIDATION_ERROR',
        `${MESSAGES.http.invalidText} (${field || context}).`,
        fields,
      );
    }
  });
}
