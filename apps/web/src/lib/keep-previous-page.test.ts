import { describe, expect, it } from 'vitest';
import { keepPreviousPageOf } from './keep-previous-page';

type Page = { rows: string[] };
const PREVIOUS: Page = { rows: ['Ada Lovelace'] };

function queryWith(request: unknown) {
  return { queryKey: ['participants', 'list', request] };
}

describe('keepPreviousPageOf', () => {
  it('keeps the previous rows while another page of the same filter loads', () => {
    const next = keepPreviousPageOf({ status: 'ACTIVATED', search_key: 'ada', start: 25 });
    expect(next(PREVIOUS, queryWith({ status: 'ACTIVATED', search_key: 'ada', start: 0 }))).toBe(
      PREVIOUS,
    );
  });

  it('keeps them across keyset cursors (audit log) and ignores empty fields and key order', () => {
    const next = keepPreviousPageOf({ action: '', before: 90, page_size: 25 });
    expect(next(PREVIOUS, queryWith({ page_size: 25, after: 120 }))).toBe(PREVIOUS);
  });

  it.each([
    ['status', { status: 'SUSPENDED', search_key: 'ada', start: 0 }],
    ['search', { status: 'ACTIVATED', search_key: 'grace', start: 0 }],
    ['type', { status: 'ACTIVATED', search_key: 'ada', user_type: 'PATIENT', start: 0 }],
    ['sort', { status: 'ACTIVATED', search_key: 'ada', orderBy: 'name', start: 0 }],
  ])('drops them after a %s change, so the list shows its loading state', (_change, request) => {
    const next = keepPreviousPageOf(request);
    expect(
      next(PREVIOUS, queryWith({ status: 'ACTIVATED', search_key: 'ada', start: 0 })),
    ).toBeUndefined();
  });

  it('has nothing to keep on the first load', () => {
    expect(keepPreviousPageOf({ start: 0 })<Page>(undefined, undefined)).toBeUndefined();
  });
});
