import type { ErrorCode, FieldError } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';

/**
 * The error every API call throws. It lives apart from the HTTP client so that code on the
 * first-load path (the query client's retry rule, form error mapping, the login screen) can
 * recognise it without pulling in the client and its validation library (DESIGN §7).
 */

/** Server codes plus two the client itself produces. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: readonly FieldError[];

  constructor(status: number, code: ApiErrorCode, message: string, fields: FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The sentence to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.generic;
}
