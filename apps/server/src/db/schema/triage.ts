import { FLAG_SEVERITIES, FLAG_SOURCES, FLAG_STATUSES } from '@recovery-portal/contract/flags';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { participantTypeEnum, users } from './users';

export const flagSourceEnum = pgEnum('flag_source', FLAG_SOURCES);
export const flagSeverityEnum = pgEnum('flag_severity', FLAG_SEVERITIES);
export const flagStatusEnum = pgEnum('flag_status', FLAG_STATUSES);

/**
 * A finding a clinician should look at: a concerning term in a coach conversation, or a
 * threshold rule crossed by telemetry. Acknowledging keeps the row with who, when and a note.
 */
export const clinicalFlags = pgTable(
  'clinical_flags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The participant's type while the account is a participant's, else null: kept by database
     * triggers (migration 0031), so the Flags screen counts a type's open flags from this table's
     * own index rather than joining every participant of the type (22 ms at 100,000).
     */
    participantType: participantTypeEnum('participant_type'),
    source: flagSourceEnum('source').notNull(),
    severity: flagSeverityEnum('severity').notNull(),
    /** The matcher term or threshold rule that fired (contract identifiers). */
    rule: text('rule').notNull(),
    /** What was seen: the matched sentence of a conversation, or the value against the rule. */
    matchedText: text('matched_text').notNull(),
    /** The value that crossed a threshold; null for conversation flags. */
    value: real('value'),
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    /** Index into the conversation's transcript of the matching message; null for the summary. */
    messageIndex: smallint('message_index'),
    /** Makes raising idempotent: one flag per participant and finding (rule + conversation/day). */
    dedupeKey: text('dedupe_key').notNull(),
    /** When the finding happened (conversation end or measurement time). */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    status: flagStatusEnum('status').notNull().default('OPEN'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgementNote: text('acknowledgement_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clinical_flags_dedupe_unique').on(table.userId, table.dedupeKey),
    index('clinical_flags_open_queue_idx')
      .on(table.severity, table.detectedAt, table.id)
      .where(sql`${table.status} = 'OPEN'`),
    index('clinical_flags_user_idx').on(table.userId, table.status),
    index('clinical_flags_open_type_idx')
      .on(table.participantType)
      .where(sql`${table.status} = 'OPEN'`),
    index('clinical_flags_conversation_idx').on(table.conversationId),
  ],
);

/**
 * One row per participant with what triage sorts and filters the list by, kept current in the
 * same transaction as the change (raise/acknowledge a flag, mark reviewed).
 */
export const participantTriage = pgTable(
  'participant_triage',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    openFlagCount: integer('open_flag_count').notNull().default(0),
    topOpenSeverity: flagSeverityEnum('top_open_severity'),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    lastReviewedBy: integer('last_reviewed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('participant_triage_flags_idx').on(
      table.topOpenSeverity,
      table.openFlagCount,
      table.userId,
    ),
    index('participant_triage_reviewed_idx').on(table.lastReviewedAt, table.userId),
  ],
);

/** A participant's override of a programme's default threshold rule (contract rule ids). */
export const participantThresholds = pgTable(
  'participant_thresholds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    value: real('value').notNull(),
    /** For rules over a run of days (pain at or above N for D days); null otherwise. */
    days: smallint('days'),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.rule] })],
);

/** How far the triage scanner has read each source (last conversation / measurement id). */
export const triageScanState = pgTable('triage_scan_state', {
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
});
