import { describe, expect, it } from 'vitest';
import { getAuditLogQueryOptions } from '#app/features/audit/api/get-audit-log.ts';
import { getCoachConversationsQueryOptions } from '#app/features/coach/api/get-coach-conversations.ts';
import { getOpenFlagsQueryOptions } from '#app/features/flags/api/get-open-flags.ts';
import { getNudgesQueryOptions } from '#app/features/nudges/api/get-nudges.ts';
import { getParticipantsQueryOptions } from '#app/features/participants/api/get-participants.ts';

/**
 * ADR 0024: every list keeps its rows on screen only while another page of the same filter
 * loads. After a filter change its rows belong to another query, and the list must show its
 * loading state instead, so nothing on them can be clicked.
 */
type Options = { queryKey: readonly unknown[]; placeholderData?: unknown };
type Placeholder = (previous: unknown, previousQuery: { queryKey: readonly unknown[] }) => unknown;

// Requests are built as the screens build them; casts keep the table short.
const LISTS: [string, (request: never) => Options, object, object, object][] = [
  [
    'participants',
    getParticipantsQueryOptions as (request: never) => Options,
    { status: 'SUSPENDED', type: 'Internal', start: 0 },
    { status: 'SUSPENDED', type: 'Internal', start: 25 },
    { status: 'ACTIVATED', type: 'Internal', start: 0 },
  ],
  [
    'nudges',
    getNudgesQueryOptions as (request: never) => Options,
    { user_type: 'Internal', search_key: 'walk', start: 0 },
    { user_type: 'Internal', search_key: 'walk', start: 15 },
    { user_type: 'Internal', search_key: 'sleep', start: 0 },
  ],
  [
    'coach',
    getCoachConversationsQueryOptions as (request: never) => Options,
    { user_type: 'Internal', start: 0 },
    { user_type: 'Internal', start: 15 },
    { user_type: 'Pilot', start: 0 },
  ],
  [
    'flags',
    getOpenFlagsQueryOptions as (request: never) => Options,
    { type: 'Internal', start: 0 },
    { type: 'Internal', start: 25 },
    { type: 'Demo', start: 0 },
  ],
  [
    'audit',
    getAuditLogQueryOptions as (request: never) => Options,
    { action: 'LOGIN', page_size: 25 },
    { action: 'LOGIN', page_size: 25, before: 90 },
    { action: 'PARTICIPANT_SUSPENDED', page_size: 25 },
  ],
];

const ROWS = { rows: ['someone'] };

describe.each(LISTS)('the %s list', (_name, optionsOf, first, nextPage, otherFilter) => {
  const placeholder = (request: object, previous: object) =>
    (optionsOf(request as never).placeholderData as Placeholder)(ROWS, {
      queryKey: optionsOf(previous as never).queryKey,
    });

  it('keeps the rows on screen while the next page of the same filter loads', () => {
    expect(placeholder(nextPage, first)).toBe(ROWS);
  });

  it('drops them after a filter change, so none of another query can be clicked', () => {
    expect(placeholder(otherFilter, first)).toBeUndefined();
  });
});
