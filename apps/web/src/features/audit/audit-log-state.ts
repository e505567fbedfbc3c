import dayjs from 'dayjs';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_PAGE_SIZE,
  AUDIT_SUBJECT_TYPES,
} from '@recovery-portal/contract/audit';
import type { AuditListRequest } from '@recovery-portal/contract/audit';
import { isCalendarDate } from '@recovery-portal/contract/calendar-dates';
import { useListState } from '#app/lib/list-state.ts';
import type { ListState } from '#app/lib/list-state.ts';

/**
 * The Audit log's state as kept in the URL: the filters ('' meaning "any"; the dates are the
 * user's local days, YYYY-MM-DD) and the keyset cursor of the page shown.
 */
export const AUDIT_LOG_DEFAULTS = {
  actor: '',
  participant: '',
  action: '',
  subject_type: '',
  from: '',
  to: '',
  before: '',
  after: '',
} as const satisfies Record<string, string>;

export type AuditLogKey = keyof typeof AUDIT_LOG_DEFAULTS;
export type AuditLogFilters = Pick<
  Record<AuditLogKey, string>,
  'actor' | 'participant' | 'action' | 'subject_type' | 'from' | 'to'
>;

export const EMPTY_AUDIT_FILTERS: AuditLogFilters = {
  actor: '',
  participant: '',
  action: '',
  subject_type: '',
  from: '',
  to: '',
};

const ALLOWED = {
  action: ['', ...AUDIT_ACTION_NAMES],
  subject_type: ['', ...AUDIT_SUBJECT_TYPES],
} as const;

function cursor(value: string): number | undefined {
  return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The first or last instant of a local day, as the API's instant; '' when no valid day. */
function dayBound(day: string, edge: 'start' | 'end'): string {
  if (!isCalendarDate(day)) return '';
  const local = dayjs(day);
  return (edge === 'start' ? local.startOf('day') : local.endOf('day')).toISOString();
}

/** The body of POST /api/audit/list for a URL state. */
export function toAuditListRequest(
  values: Readonly<Record<AuditLogKey, string>>,
): AuditListRequest {
  // A hand-edited link may have the range reversed; read it the way the user meant it.
  const [fromDay, toDay] =
    values.from && values.to && values.from > values.to
      ? [values.to, values.from]
      : [values.from, values.to];
  const before = cursor(values.before);
  const after = before === undefined ? cursor(values.after) : undefined;
  return {
    actor: values.actor.trim(),
    participant: values.participant.trim(),
    action: values.action as AuditListRequest['action'],
    subject_type: values.subject_type as AuditListRequest['subject_type'],
    from: dayBound(fromDay, 'start'),
    to: dayBound(toDay, 'end'),
    page_size: AUDIT_PAGE_SIZE,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
  };
}

export type AuditLogState = ListState<AuditLogKey> & {
  request: AuditListRequest;
  /** Applies new filters and goes back to the newest rows. */
  applyFilters: (filters: AuditLogFilters) => void;
  /** Shows the page older or newer than a cursor, or the newest page. */
  goTo: (page: { before: number } | { after: number } | 'newest') => void;
};

export function useAuditLogState(): AuditLogState {
  const list = useListState(AUDIT_LOG_DEFAULTS, { allowed: ALLOWED });
  const { setValues } = list;
  return {
    ...list,
    request: toAuditListRequest(list.values),
    applyFilters: (filters) => setValues({ ...filters, before: '', after: '' }),
    goTo: (page) =>
      setValues(
        page === 'newest'
          ? { before: '', after: '' }
          : 'before' in page
            ? { before: String(page.before), after: '' }
            : { before: '', after: String(page.after) },
      ),
  };
}
