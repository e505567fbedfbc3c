import * as z from 'zod/mini';
import { careTeamMemberSchema } from './care-team';
import { isCalendarDate } from './calendar-dates';
import { FLAG_SEVERITIES } from './flags-constants';
import { MESSAGES } from './messages';
import { mrnSchema } from './participant-identity';
import { RECOVERY_PROGRAMMES } from './programmes';
import {
  DEFAULT_PARTICIPANT_TYPE,
  idSchema,
  PARTICIPANT_TYPES,
  participantTypeSchema,
  userStatusSchema,
  type UserStatus,
} from './users';
import { emailSchema, personNameSchema } from './validation';

// ---------------------------------------------------------------------------------------------
// Constants of spec §2, §4 and §9 that the portal shows and the API enforces.
// ---------------------------------------------------------------------------------------------

/** Spec §9: the participant list pages by 15. */
export const PARTICIPANT_PAGE_SIZE = 15;
/** Hard maximum of `page_size`, so one request can never pull the whole table. */
export const MAX_PARTICIPANT_PAGE_SIZE = 100;
export const MAX_SEARCH_KEY_LENGTH = 100;
export const MAX_TRACKER_FILTER_LENGTH = 100;
export const MAX_GROUP_NAME_LENGTH = 100;
export const MAX_PHONE_NUMBER_LENGTH = 32;
/** Spec §5/§9: Internal participants are invited into group CZ unless the clinician picks another. */
export const DEFAULT_INTERNAL_GROUP = 'CZ';

/** Spec §9 sort keys of the participant list, the only columns the API sorts on. */
export const PARTICIPANT_SORT_KEYS = [
  'first_name',
  'email',
  'joined_on',
  'active_session_count',
  'coach_chat_count',
  'nudge_open_count',
  'coach_call_count',
  'last_app_open',
  /** Most severe open flag, then the number of open flags (triage). */
  'open_flags',
  'last_reviewed_at',
] as const;
export type ParticipantSortKey = (typeof PARTICIPANT_SORT_KEYS)[number];
export const DEFAULT_PARTICIPANT_SORT_KEY: ParticipantSortKey = 'first_name';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface ParticipantSortOption {
  /** Stable id of the option, e.g. for a select's value or the URL: `first_name:asc`. */
  value: `${ParticipantSortKey}:${SortDirection}`;
  orderBy: ParticipantSortKey;
  orderDirection: SortDirection;
  label: string;
}

const SORT_LABELS: Record<ParticipantSortKey, [string, string, string]> = {
  first_name: ['First name', 'A–Z', 'Z–A'],
  email: ['Email', 'A–Z', 'Z–A'],
  joined_on: ['Joined on', 'oldest first', 'newest first'],
  active_session_count: ['Sessions in 7 days', 'fewest first', 'most first'],
  coach_chat_count: ['Chats in 7 days', 'fewest first', 'most first'],
  nudge_open_count: ['Nudges opened in 7 days', 'fewest first', 'most first'],
  coach_call_count: ['Calls in 7 days', 'fewest first', 'most first'],
  last_app_open: ['Last seen', 'earliest first', 'latest first'],
  open_flags: ['Open flags', 'least severe first', 'most severe first'],
  last_reviewed_at: ['Last reviewed', 'earliest first', 'latest first'],
};

/** Every option of the sort dropdown (spec §9): each key ascending, then descending. */
export const PARTICIPANT_SORT_OPTIONS: readonly ParticipantSortOption[] =
  PARTICIPANT_SORT_KEYS.flatMap((orderBy) => {
    const [name, ascending, descending] = SORT_LABELS[orderBy];
    return [
      { value: `${orderBy}:asc`, orderBy, orderDirection: 'asc', label: `${name} (${ascending})` },
      {
        value: `${orderBy}:desc`,
        orderBy,
        orderDirection: 'desc',
        label: `${name} (${descending})`,
      },
    ] as const;
  });

/** '' (All) or one status: the value of the status filter (spec §4). */
export type ParticipantStatusFilter = '' | UserStatus;

/** The status filter buttons of spec §2, in their order. */
export const PARTICIPANT_STATUS_FILTERS: readonly {
  value: ParticipantStatusFilter;
  label: string;
}[] = [
  { value: '', label: 'All' },
  { value: 'ACTIVATED', label: 'Active' },
  { value: 'PENDING_ACTIVATION', label: 'Invited' },
  { value: 'SUSPENDED', label: 'Suspended' },
];
/** Spec §2: the portal opens the list on Active (the API's own default is all). */
export const DEFAULT_PARTICIPANT_STATUS_FILTER: ParticipantStatusFilter = 'ACTIVATED';

/** How each status is shown (spec §4). */
export const PARTICIPANT_STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVATED: 'Active',
  PENDING_ACTIVATION: 'Invited',
  SUSPENDED: 'Suspended',
};

/**
 * The `tracker` filter: '' (any), 'connected' (any tracker), 'not_connected' (none), or
 * anything else, which matches that tracker's name case-insensitively (e.g. 'Fitbit').
 */
export const TRACKER_FILTERS = {
  any: '',
  connected: 'connected',
  notConnected: 'not_connected',
} as const;
/** The 'Not reviewed in N days' filter's choices (the API takes any N up to the maximum). */
export const NOT_REVIEWED_DAYS_CHOICES = [7, 14, 30] as const;
export const MAX_NOT_REVIEWED_DAYS = 3650;

/** Spec §2: the tracker column shows this when no tracker is connected. */
export const TRACKER_NOT_CONNECTED_LABEL = 'Not Connected';

/** Server sentences of the participant calls (the spec's own sentences are in MESSAGES). */
export const PARTICIPANT_ERRORS = {
  orderByInvalid: `Sort by one of: ${PARTICIPANT_SORT_KEYS.join(', ')}`,
  orderDirectionInvalid: 'orderDirection must be asc or desc',
  pageSizeInvalid: `page_size must be a whole number from 1 to ${MAX_PARTICIPANT_PAGE_SIZE}`,
  startInvalid: 'start must be a whole number, 0 or more',
  statusInvalid: 'status must be empty (all), ACTIVATED, PENDING_ACTIVATION or SUSPENDED',
  searchNotText: 'search_key must be text',
  searchTooLong: `The search text must be at most ${MAX_SEARCH_KEY_LENGTH} characters`,
  trackerInvalid: `tracker must be text of at most ${MAX_TRACKER_FILTER_LENGTH} characters`,
  mineInvalid: 'mine must be true or false',
  overdueBeforeInvalid: 'overdue_before must be empty or a date (YYYY-MM-DD)',
  notReviewedDaysInvalid: `not_reviewed_days must be empty or a whole number of days from 1 to ${MAX_NOT_REVIEWED_DAYS}`,
  groupFilterInvalid: `group must be a group name of at most ${MAX_GROUP_NAME_LENGTH} characters`,
  surgeryDateInvalid: (field: string) => `${field} must be a date written YYYY-MM-DD.`,
  surgeryRangeInvalid: 'surgery_from must be on or before surgery_to.',
  programmeFilterInvalid: `programme must be empty (all) or one of ${RECOVERY_PROGRAMMES.join(', ')}`,
  userIdRequired: 'user_id must be a participant id.',
  typeRequired: 'User type is required',
  typeInvalid: 'User type must be one of Internal, Pilot or Demo',
  groupRequired: 'User group is required',
  groupTooLong: `User group must be at most ${MAX_GROUP_NAME_LENGTH} characters`,
  phoneInvalid: 'Enter a valid phone number',
  notFound: (id: number) => `There is no participant with id ${id}.`,
  staffAccount:
    'This account belongs to a staff member, not a participant, and cannot be changed here.',
  emailTaken: 'A user with this email address already exists.',
  unknownGroup: (group: string | number) => `There is no user group ${JSON.stringify(group)}.`,
  notSuspendable: (status: string) =>
    `Only active participants can be suspended; this participant is ${status.toLowerCase()}.`,
  notResumable: (status: string) =>
    `Only suspended participants can be reactivated; this participant is ${status.toLowerCase()}.`,
  notRemindable: (status: string) =>
    `Only invited participants can be reminded; this participant is ${status.toLowerCase()}.`,
  remindTooEarly: (when: string) =>
    `This participant was reminded recently and can be reminded again on ${when}.`,
} as const;

/**
 * What the list says after deleting the selected participants (DESIGN §5): the spec's sentence
 * for one, the count for several.
 */
export function participantsDeletedMessage(count: number): string {
  return count === 1
    ? MESSAGES.participants.deleteSuccess
    : `Successfully deleted ${count} participants.`;
}

/** What the list says when some of the selected participants could not be deleted. */
export function participantsDeleteFailedMessage(failed: number, selected: number): string {
  if (failed === 1 && selected === 1) return MESSAGES.participants.deleteError;
  return `Error in deleting ${failed} of ${selected} participants.`;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** An optional filter: missing or null is `none` (no filter). */
function orNone<T extends z.core.$ZodType, const N>(schema: T, none: N) {
  return z.pipe(
    z.nullish(schema),
    z.transform((value: z.output<T> | null | undefined) => value ?? none),
  );
}

/** A text filter of at most `max` characters, trimmed; missing or null is ''. */
function textFilter(max: number, notText: string, tooLong: string = notText) {
  return orNone(z.string({ error: notText }).check(z.trim(), z.maxLength(max, tooLong)), '');
}

/** A whole number from `min` to `max`, each failure worded `message`. */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .check(z.int(message), z.minimum(min, message), z.maximum(max, message));
}

/** A surgery date bound of the list filter (YYYY-MM-DD); empty or missing: no bound. */
function surgeryBoundSchema(field: 'surgery_from' | 'surgery_to') {
  const message = PARTICIPANT_ERRORS.surgeryDateInvalid(field);
  return orNone(
    z.string({ error: message }).check(
      z.maxLength(10, message),
      z.refine((value) => value === '' || isCalendarDate(value), { error: message }),
    ),
    '',
  );
}

/**
 * The cohort filters of the participant list (ADR 0019): the participant's group, the day of any
 * of their surgeries (from and to inclusive) and their recovery programme. The outcome export takes the same filters.
 */
export const cohortFilterFields = {
  group: textFilter(MAX_GROUP_NAME_LENGTH, PARTICIPANT_ERRORS.groupFilterInvalid),
  surgery_from: surgeryBoundSchema('surgery_from'),
  surgery_to: surgeryBoundSchema('surgery_to'),
  /** The recovery programme as the outcome trends resolve it (latest surgery, else group). */
  programme: orNone(
    z.union([z.literal(''), z.enum(RECOVERY_PROGRAMMES)], {
      error: PARTICIPANT_ERRORS.programmeFilterInvalid,
    }),
    '',
  ),
};

/** A range whose start is after its end is refused rather than matching no one. */
export function surgeryRangeInOrder(filters: { surgery_from: string; surgery_to: string }) {
  return !filters.surgery_from || !filters.surgery_to || filters.surgery_from <= filters.surgery_to;
}

/** A participant type that must be chosen: missing or '' is 'User type is required' (spec §5). */
const requiredTypeSchema = z.enum(PARTICIPANT_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' || issue.input === null
      ? PARTICIPANT_ERRORS.typeRequired
      : PARTICIPANT_ERRORS.typeInvalid,
});

/** POST /api/user/list — the participant list query state of spec §3 (plus status). */
export const participantListQuerySchema = z
  .object({
    page_size: z._default(
      wholeNumber(1, MAX_PARTICIPANT_PAGE_SIZE, PARTICIPANT_ERRORS.pageSizeInvalid),
      PARTICIPANT_PAGE_SIZE,
    ),
    start: z._default(wholeNumber(0, 2_147_483_647, PARTICIPANT_ERRORS.startInvalid), 0),
    search_key: textFilter(
      MAX_SEARCH_KEY_LENGTH,
      PARTICIPANT_ERRORS.searchNotText,
      PARTICIPANT_ERRORS.searchTooLong,
    ),
    status: orNone(
      z.union([z.literal(''), userStatusSchema], { error: PARTICIPANT_ERRORS.statusInvalid }),
      '',
    ),
    tracker: textFilter(MAX_TRACKER_FILTER_LENGTH, PARTICIPANT_ERRORS.trackerInvalid),
    type: z._default(participantTypeSchema, DEFAULT_PARTICIPANT_TYPE),
    /**
     * Only participants not reviewed in the last N days: never reviewed, or last reviewed N days
     * ago or earlier (the window is (now − N days, now], like the 7-day counts). Empty: everybody.
     */
    not_reviewed_days: orNone(
      wholeNumber(1, MAX_NOT_REVIEWED_DAYS, PARTICIPANT_ERRORS.notReviewedDaysInvalid),
      null,
    ),
    /** Only the participants the caller is responsible for (care team, ADR 0018). */
    mine: orNone(z.boolean({ error: PARTICIPANT_ERRORS.mineInvalid }), false),
    /**
     * Only participants with an open follow-up task due before this day: the portal sends its
     * local today, so "overdue" follows the viewer's calendar (ADR 0018). Empty: everybody.
     */
    overdue_before: orNone(
      z
        .string({ error: PARTICIPANT_ERRORS.overdueBeforeInvalid })
        .check(z.refine(isCalendarDate, PARTICIPANT_ERRORS.overdueBeforeInvalid)),
      null,
    ),
    orderBy: z.pipe(
      z.nullish(
        z.union([z.literal(''), z.enum(PARTICIPANT_SORT_KEYS)], {
          error: PARTICIPANT_ERRORS.orderByInvalid,
        }),
      ),
      z.transform((value): ParticipantSortKey => value || DEFAULT_PARTICIPANT_SORT_KEY),
    ),
    /** asc or desc in any case (the original portal sent ASC/DESC). */
    orderDirection: z.pipe(
      z.pipe(
        z.nullish(z.string({ error: PARTICIPANT_ERRORS.orderDirectionInvalid })),
        z.transform((value) => (value ? value.toLowerCase() : 'asc')),
      ),
      z.enum(SORT_DIRECTIONS, { error: PARTICIPANT_ERRORS.orderDirectionInvalid }),
    ),
    ...cohortFilterFields,
  })
  .check(
    z.refine(surgeryRangeInOrder, {
      error: PARTICIPANT_ERRORS.surgeryRangeInvalid,
      path: ['surgery_to'],
    }),
  );
/** What the portal sends (every field may be left out). */
export type ParticipantListQueryInput = z.input<typeof participantListQuerySchema>;
/** What the server works with, defaults applied. */
export type ParticipantListQuery = z.output<typeof participantListQuerySchema>;

/** The query state the list starts from (spec §9; the portal's status default is Active). */
export const DEFAULT_PARTICIPANT_LIST_QUERY: ParticipantListQuery = {
  page_size: PARTICIPANT_PAGE_SIZE,
  start: 0,
  search_key: '',
  status: '',
  tracker: '',
  type: DEFAULT_PARTICIPANT_TYPE,
  not_reviewed_days: null,
  mine: false,
  overdue_before: null,
  orderBy: DEFAULT_PARTICIPANT_SORT_KEY,
  orderDirection: 'asc',
  group: '',
  surgery_from: '',
  surgery_to: '',
  programme: '',
};

const MAX_ID = 2_147_483_647;

/** A database id in a JSON body: a positive whole number (no coercion from strings). */
const bodyIdSchema = (message: string) =>
  z
    .number({ error: message })
    .check(z.int(message), z.positive(message), z.maximum(MAX_ID, message));

/**
 * A participant id in a query string, path or JSON body: a positive whole number, or its digits
 * as text ('42'). Anything else ('abc', '-1', '1.5', '1e3') is refused with `message`.
 */
export function participantIdField(message: string = PARTICIPANT_ERRORS.userIdRequired) {
  return z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
    ),
    bodyIdSchema(message),
  );
}

const userIdSchema = bodyIdSchema(PARTICIPANT_ERRORS.userIdRequired);

/** PATCH /api/account/suspend, PATCH /api/account/resume, POST /api/account/remind */
export const participantActionSchema = z.object({ user_id: userIdSchema });

/** DELETE /api/account/{id} */
export const participantIdParamsSchema = z.object({ id: idSchema });

/** PATCH /api/user/user-type — also the Edit Participant form (spec §5). */
export const updateParticipantTypeSchema = z.object({
  user_id: userIdSchema,
  user_type: requiredTypeSchema,
});
export type UpdateParticipantType = z.infer<typeof updateParticipantTypeSchema>;

/**
 * A user group picked by name (the portal's select, e.g. 'CZ') or by id. The form starts with ''
 * for non-Internal types, which fails as 'User group is required'.
 */
export const groupRefSchema = z.union(
  [
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, PARTICIPANT_ERRORS.groupRequired),
        z.maxLength(MAX_GROUP_NAME_LENGTH, PARTICIPANT_ERRORS.groupTooLong),
      ),
    bodyIdSchema(PARTICIPANT_ERRORS.groupRequired),
  ],
  { error: PARTICIPANT_ERRORS.groupRequired },
);

export const phoneNumberSchema = z
  .string({ error: PARTICIPANT_ERRORS.phoneInvalid })
  .check(
    z.trim(),
    z.maxLength(MAX_PHONE_NUMBER_LENGTH, PARTICIPANT_ERRORS.phoneInvalid),
    z.regex(/^(\+?[\d\s().-]*\d[\d\s().-]*)?$/, PARTICIPANT_ERRORS.phoneInvalid),
  );

/**
 * POST /api/user/create — the invite payload of spec §3 with the rules of spec §5; the invite
 * dialog validates with this same schema. The server splits `name` at its first space into
 * first and last name.
 */
export const inviteParticipantSchema = z.object({
  email: emailSchema,
  name: personNameSchema,
  type: requiredTypeSchema,
  group: groupRefSchema,
  phone_number: z.nullish(phoneNumberSchema),
  /** The clinic's record number; empty or missing when it has none. */
  mrn: z.nullish(mrnSchema),
});
export type InviteParticipantInput = z.input<typeof inviteParticipantSchema>;
export type InviteParticipant = z.output<typeof inviteParticipantSchema>;

/** Splits the invite's single name field at the first space (spec §3 has one `name`). */
export function splitPersonName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const timestampSchema = z.nullable(z.iso.datetime({ offset: true }));
const countSchema = z.nullable(z.int().check(z.nonnegative()));

/** One row of the participant list: every field of spec §3 'Participant list row'. */
export const participantListRowSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  /** The participant's email; null only for legacy rows without one. */
  user_name: z.nullable(z.string()),
  /** The second identifiers (participant-identity.ts): YYYY-MM-DD and the clinic's MRN. */
  birth_date: z.nullable(z.string()),
  mrn: z.nullable(z.string()),
  type: participantTypeSchema,
  /** The user group's name. */
  group: z.nullable(z.string()),
  /** Name of the connected tracker; null when none (shown as 'Not Connected'). */
  tracker_connected: z.nullable(z.string()),
  last_app_open: timestampSchema,
  /** 7-day counts; null when no activity has been recorded for the participant yet. */
  active_session_count: countSchema,
  coach_chat_count: countSchema,
  coach_call_count: countSchema,
  nudge_open_count: countSchema,
  invited_on: timestampSchema,
  joined_on: timestampSchema,
  status: userStatusSchema,
  /** True when status is PENDING_ACTIVATION and the reminder interval has passed. */
  can_remind: z.boolean(),
  last_reminded_at: timestampSchema,
  next_remind_date: timestampSchema,
  /** Open clinical flags (0 when none) and the most severe one's severity (null when none). */
  open_flag_count: z.int().check(z.nonnegative()),
  top_open_severity: z.nullable(z.enum(FLAG_SEVERITIES)),
  last_reviewed_at: timestampSchema,
  /** The reviewer's name; null when never reviewed or the reviewer's account is gone. */
  last_reviewed_by: z.nullable(z.string()),
  /** The latest home measurement: when it is old, the participant's data stopped arriving. */
  last_telemetry_at: timestampSchema,
  /** The responsible clinician (care team); null when nobody is assigned. */
  responsible: z.nullable(careTeamMemberSchema),
  /** The earliest due date (YYYY-MM-DD) of an open follow-up task; null without one. */
  next_task_due_on: z.nullable(z.string()),
});
export type ParticipantListRow = z.infer<typeof participantListRowSchema>;

/** POST /api/user/list response `_data`. */
export const participantListResponseSchema = z.object({
  users: z.array(participantListRowSchema),
  total_participants: z.int().check(z.nonnegative()),
});
export type ParticipantListResponse = z.infer<typeof participantListResponseSchema>;

/** User group of spec §3. */
export const userGroupSchema = z.object({ id: z.int(), name: z.string() });
export type UserGroup = z.infer<typeof userGroupSchema>;

/** GET /api/user/groups response `_data`, ordered by name. */
export const userGroupListSchema = z.array(userGroupSchema);

/** DELETE /api/account/{id} response `_data`. */
export const participantDeletedSchema = z.object({ id: z.int(), message: z.string() });
export type ParticipantDeleted = z.infer<typeof participantDeletedSchema>;
