import * as z from 'zod/mini';
import { FLAG_SEVERITIES } from './flags-constants';
import { participantIdentityFields } from './participant-identity';
import { DEFAULT_PARTICIPANT_TYPE, participantTypeSchema } from './users';

/**
 * Clinical triage flags: raised by the server from coach conversations (concerning findings),
 * from threshold rules on telemetry and from outcome scores that are not improving as expected
 * (against the instrument's published MCID and PASS); listed most severe and oldest first.
 *
 * This file imports only users.ts, participant-identity.ts and flags-constants.ts (zod alone),
 * so that any other contract module can import it without a cycle.
 */

export { FLAG_SEVERITIES, FLAG_SEVERITY_LABELS, type FlagSeverity } from './flags-constants';

/** Where a flag came from. */
export const FLAG_SOURCES = ['CONVERSATION', 'THRESHOLD', 'OUTCOME'] as const;
export type FlagSource = (typeof FLAG_SOURCES)[number];

export const FLAG_STATUSES = ['OPEN', 'ACKNOWLEDGED'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

export const FLAG_SOURCE_LABELS: Record<FlagSource, string> = {
  CONVERSATION: 'Conversation',
  THRESHOLD: 'Threshold',
  OUTCOME: 'Outcome',
};

/**
 * What an OUTCOME flag found: at 3 Months an improvement from PreOp smaller than the MCID, or at
 * 6 Months a score below the PASS (contract instruments.ts has both, with their sources).
 */
export const NOT_IMPROVING_FINDING = 'Not improving as expected';

export const FLAG_STATUS_LABELS: Record<FlagStatus, string> = {
  OPEN: 'Open',
  ACKNOWLEDGED: 'Acknowledged',
};

// ---------------------------------------------------------------------------------------------
// Concerning findings the conversation matcher looks for
// ---------------------------------------------------------------------------------------------

export const MAX_CONCERNS = 100;
export const MAX_CONCERN_PHRASES = 200;
export const MAX_CONCERN_PHRASE_LENGTH = 80;

const phraseSchema = z
  .string({ error: 'Each term must be text.' })
  .check(
    z.trim(),
    z.minLength(1, 'A term must not be empty.'),
    z.maxLength(
      MAX_CONCERN_PHRASE_LENGTH,
      `A term must be at most ${MAX_CONCERN_PHRASE_LENGTH} characters.`,
    ),
    z.regex(/[\p{L}\p{N}]/u, 'A term must contain a letter or a digit.'),
  );

/**
 * One concerning finding: the words that mean it (each term is matched as whole words, with
 * plurals and -ed/-ing endings), phrases that look like it but are not (`exclude`, e.g.
 * 'fall asleep' for a fall), and the severity of the flag it raises.
 */
export const concernSchema = z.object({
  id: z
    .string({ error: 'Each concern needs an id.' })
    .check(
      z.regex(
        /^[a-z0-9][a-z0-9-]{0,39}$/,
        'A concern id is 1–40 lower-case letters, digits or dashes.',
      ),
    ),
  label: z
    .string({ error: 'Each concern needs a label.' })
    .check(
      z.trim(),
      z.minLength(1, 'A concern label must not be empty.'),
      z.maxLength(80, 'A concern label must be at most 80 characters.'),
    ),
  severity: z.enum(FLAG_SEVERITIES, { error: 'severity must be CRITICAL, HIGH or MODERATE.' }),
  terms: z
    .array(phraseSchema, { error: 'terms must be a list of words or phrases.' })
    .check(
      z.minLength(1, 'A concern needs at least one term.'),
      z.maxLength(MAX_CONCERN_PHRASES, `A concern has at most ${MAX_CONCERN_PHRASES} terms.`),
    ),
  exclude: z._default(
    z
      .array(phraseSchema, { error: 'exclude must be a list of words or phrases.' })
      .check(
        z.maxLength(
          MAX_CONCERN_PHRASES,
          `A concern has at most ${MAX_CONCERN_PHRASES} exclusions.`,
        ),
      ),
    [],
  ),
});
export type Concern = z.output<typeof concernSchema>;

/** The FLAG_TERMS_FILE format: a JSON array of concerns with distinct ids. */
export const concernListSchema = z
  .array(concernSchema, { error: 'The file must hold a JSON array of concerns.' })
  .check(
    z.minLength(1, 'The list must hold at least one concern.'),
    z.maxLength(MAX_CONCERNS, `The list holds at most ${MAX_CONCERNS} concerns.`),
    z.refine((list) => new Set(list.map((concern) => concern.id)).size === list.length, {
      error: 'Concern ids must be distinct.',
    }),
  );

/**
 * The findings a coach conversation is screened for unless FLAG_TERMS_FILE replaces them. Chest
 * pain, breathlessness and suicidal thoughts need a same-day response, hence CRITICAL.
 */
export const DEFAULT_CONCERNS: readonly Concern[] = [
  {
    id: 'chest-pain',
    label: 'Chest pain',
    severity: 'CRITICAL',
    terms: [
      'chest pain',
      'pain in my chest',
      'pain in the chest',
      'chest tightness',
      'tight chest',
      'tightness in my chest',
      'chest pressure',
      'pressure in my chest',
      'chest hurts',
      'chest is hurting',
      'angina',
    ],
    exclude: [],
  },
  {
    id: 'shortness-of-breath',
    label: 'Shortness of breath',
    severity: 'CRITICAL',
    terms: [
      'shortness of breath',
      'short of breath',
      'breathless',
      'breathlessness',
      'difficulty breathing',
      'trouble breathing',
      'hard to breathe',
      "can't breathe",
      'cannot breathe',
      "can't catch my breath",
      'struggling to breathe',
    ],
    exclude: [],
  },
  {
    id: 'suicidal-thoughts',
    label: 'Suicidal thoughts',
    severity: 'CRITICAL',
    terms: [
      'suicidal',
      'suicide',
      'kill myself',
      'end my life',
      'take my own life',
      'want to die',
      'wish I was dead',
      'wish I were dead',
      'better off dead',
      'harm myself',
      'self harm',
    ],
    exclude: [],
  },
  {
    id: 'fall',
    label: 'Fall',
    severity: 'HIGH',
    terms: ['fall', 'fell', 'fallen', 'collapsed'],
    exclude: [
      'fall asleep',
      'fell asleep',
      'fallen asleep',
      'fall behind',
      'fell behind',
      'fall apart',
      'fall risk',
      'falls prevention',
      'this fall',
      'last fall',
      'next fall',
      'in the fall',
    ],
  },
  {
    id: 'fever',
    label: 'Fever',
    severity: 'HIGH',
    terms: ['fever', 'feverish', 'febrile', 'high temperature', 'running a temperature', 'chills'],
    exclude: [],
  },
  {
    id: 'uncontrolled-pain',
    label: 'Uncontrolled pain',
    severity: 'HIGH',
    terms: [
      'uncontrolled pain',
      'unbearable pain',
      'pain is unbearable',
      'excruciating',
      'in agony',
      'pain is out of control',
      'pain out of control',
      'worst pain ever',
      'worst pain of my life',
      "painkillers aren't working",
      'painkillers are not working',
      "pain relief isn't working",
      'pain relief is not working',
      "pain medication isn't working",
      "can't control the pain",
    ],
    exclude: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------

export const FLAG_PAGE_SIZE = 15;
export const MAX_FLAG_PAGE_SIZE = 100;
export const MAX_ACKNOWLEDGEMENT_NOTE_LENGTH = 1000;
/** A participant's flags call answers at most this many, open ones first. */
export const MAX_PARTICIPANT_FLAGS = 200;
const MAX_ID = 2_147_483_647;

export const FLAG_MESSAGES = {
  mineInvalid: 'mine must be true or false.',
  pageSizeInvalid: `page_size must be a whole number from 1 to ${MAX_FLAG_PAGE_SIZE}.`,
  startInvalid: 'start must be a whole number, 0 or more.',
  flagIdInvalid: 'flag_id must be a positive whole number.',
  userIdInvalid: 'user_id must be a participant id.',
  noteInvalid: 'The note must be text.',
  noteTooLong: `The note must be at most ${MAX_ACKNOWLEDGEMENT_NOTE_LENGTH} characters.`,
  notFound: (id: number) => `There is no flag with id ${id}.`,
  alreadyAcknowledged: (by: string | null, at: string) =>
    `This flag was already acknowledged${by ? ` by ${by}` : ''} on ${at}.`,
  acknowledged: 'Flag acknowledged.',
  listError: 'The flags could not be loaded.',
} as const;

const pageSizeSchema = z
  .number({ error: FLAG_MESSAGES.pageSizeInvalid })
  .check(
    z.int(FLAG_MESSAGES.pageSizeInvalid),
    z.gte(1, FLAG_MESSAGES.pageSizeInvalid),
    z.lte(MAX_FLAG_PAGE_SIZE, FLAG_MESSAGES.pageSizeInvalid),
  );

/** POST /api/flags/list — open flags of one participant type, most severe then oldest first. */
export const flagListQuerySchema = z.object({
  type: z._default(participantTypeSchema, DEFAULT_PARTICIPANT_TYPE),
  page_size: z._default(pageSizeSchema, FLAG_PAGE_SIZE),
  start: z._default(
    z
      .number({ error: FLAG_MESSAGES.startInvalid })
      .check(
        z.int(FLAG_MESSAGES.startInvalid),
        z.gte(0, FLAG_MESSAGES.startInvalid),
        z.lte(MAX_ID, FLAG_MESSAGES.startInvalid),
      ),
    0,
  ),
  /** Only flags of participants the caller is responsible for (care team, ADR 0018). */
  mine: z._default(z.boolean({ error: FLAG_MESSAGES.mineInvalid }), false),
});
export type FlagListQuery = z.output<typeof flagListQuerySchema>;

/** GET /api/flags/participant?user_id= — digits in the query string are the id. */
export const participantFlagsQuerySchema = z.object({
  user_id: z.pipe(
    z.transform((value) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
    ),
    z
      .number({ error: FLAG_MESSAGES.userIdInvalid })
      .check(
        z.int(FLAG_MESSAGES.userIdInvalid),
        z.positive(FLAG_MESSAGES.userIdInvalid),
        z.lte(MAX_ID, FLAG_MESSAGES.userIdInvalid),
      ),
  ),
});

/** POST /api/flags/acknowledge — an empty note is no note. */
export const acknowledgeFlagRequestSchema = z.object({
  flag_id: z
    .number({ error: FLAG_MESSAGES.flagIdInvalid })
    .check(
      z.int(FLAG_MESSAGES.flagIdInvalid),
      z.positive(FLAG_MESSAGES.flagIdInvalid),
      z.lte(MAX_ID, FLAG_MESSAGES.flagIdInvalid),
    ),
  note: z.pipe(
    z.nullish(
      z
        .string({ error: FLAG_MESSAGES.noteInvalid })
        .check(z.trim(), z.maxLength(MAX_ACKNOWLEDGEMENT_NOTE_LENGTH, FLAG_MESSAGES.noteTooLong)),
    ),
    z.transform((value) => (value ? value : null)),
  ),
});
export type AcknowledgeFlagRequest = z.input<typeof acknowledgeFlagRequestSchema>;

const timestamp = z.iso.datetime({ offset: true });

/**
 * One flag. `finding` names what was found ('Chest pain', 'Systolic BP'); `matched_text` is the
 * participant's sentence (or marker) that matched, or the value against the rule for thresholds.
 * `conversation_id` and `message_index` (into the transcript; null for a marker) point at the
 * match of a conversation flag.
 */
export const flagSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  ...participantIdentityFields,
  source: z.enum(FLAG_SOURCES),
  severity: z.enum(FLAG_SEVERITIES),
  rule: z.string(),
  finding: z.string(),
  matched_text: z.string(),
  value: z.nullable(z.number()),
  conversation_id: z.nullable(z.int()),
  message_index: z.nullable(z.int()),
  detected_at: timestamp,
  status: z.enum(FLAG_STATUSES),
  acknowledged_at: z.nullable(timestamp),
  /** The acknowledging clinician's name; null while open or once that account is deleted. */
  acknowledged_by: z.nullable(z.string()),
  acknowledgement_note: z.nullable(z.string()),
});
export type Flag = z.infer<typeof flagSchema>;

/** POST /api/flags/list response `_data`. */
export const flagListResponseSchema = z.object({
  flags: z.array(flagSchema),
  total: z.int().check(z.nonnegative()),
});
export type FlagListResponse = z.infer<typeof flagListResponseSchema>;

/** GET /api/flags/participant response `_data`: open flags first, then acknowledged, newest first. */
export const participantFlagListSchema = z.array(flagSchema);
