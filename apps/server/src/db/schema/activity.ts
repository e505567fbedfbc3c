import { bigserial, index, integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { participantTypeEnum, userStatusEnum, users } from './users';

export const ACTIVITY_KINDS = ['APP_SESSION', 'COACH_CHAT', 'COACH_CALL', 'NUDGE_OPEN'] as const;
export const activityKindEnum = pgEnum('activity_kind', ACTIVITY_KINDS);

/** What a participant did in the mobile app: the source of last-seen and the 7-day counts. */
export const participantActivity = pgTable(
  'participant_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: activityKindEnum('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('participant_activity_user_time_idx').on(table.userId, table.occurredAt)],
);

/**
 * One row per participant with last-seen and the 7-day counts, recomputed from
 * participant_activity. Keeping them here (indexed) is what lets the list sort 100k+
 * participants by any count without aggregating on every request.
 */
export const participantStats = pgTable(
  'participant_stats',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastAppOpen: timestamp('last_app_open', { withTimezone: true }),
    activeSessionCount: integer('active_session_count').notNull().default(0),
    coachChatCount: integer('coach_chat_count').notNull().default(0),
    coachCallCount: integer('coach_call_count').notNull().default(0),
    nudgeOpenCount: integer('nudge_open_count').notNull().default(0),
    /** Latest home telemetry measurement: shows when a participant's data stopped arriving. */
    lastTelemetryAt: timestamp('last_telemetry_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copies of the participant's users.participant_type and status, kept by triggers (migration
     * 0007), so that the status-filtered list walks an index in the sort's order: invited
     * participants have no activity, so a walk of the indexes without status would pass every
     * active participant before finding them.
     */
    participantType: participantTypeEnum('participant_type'),
    status: userStatusEnum('status'),
  },
  (table) => [
    index('participant_stats_status_last_app_open_idx').on(
      table.participantType,
      table.status,
      table.lastAppOpen,
      table.userId,
    ),
    index('participant_stats_status_sessions_idx').on(
      table.participantType,
      table.status,
      table.activeSessionCount,
      table.userId,
    ),
    index('participant_stats_status_chats_idx').on(
      table.participantType,
      table.status,
      table.coachChatCount,
      table.userId,
    ),
    index('participant_stats_status_calls_idx').on(
      table.participantType,
      table.status,
      table.coachCallCount,
      table.userId,
    ),
    index('participant_stats_status_nudge_opens_idx').on(
      table.participantType,
      table.status,
      table.nudgeOpenCount,
      table.userId,
    ),
    index('participant_stats_last_app_open_idx').on(table.lastAppOpen, table.userId),
    index('participant_stats_sessions_idx').on(table.activeSessionCount, table.userId),
    index('participant_stats_chats_idx').on(table.coachChatCount, table.userId),
    index('participant_stats_calls_idx').on(table.coachCallCount, table.userId),
    index('participant_stats_nudge_opens_idx').on(table.nudgeOpenCount, table.userId),
    index('participant_stats_last_telemetry_idx').on(table.lastTelemetryAt, table.userId),
  ],
);
