/** An instant as ISO 8601 text, null when absent. */
export const isoInstant = (value: Date | null) => (value ? value.toISOString() : null);

/** The tracker, enrolment dates and 7-day counts (spec §9) a participant's row carries. */
export interface EngagementColumns {
  tracker: string | null;
  lastAppOpen: Date | null;
  activeSessionCount: number | null;
  coachChatCount: number | null;
  coachCallCount: number | null;
  nudgeOpenCount: number | null;
  invitedAt: Date | null;
  joinedAt: Date | null;
}

/** The engagement fields the participant list and the participant's details answer alike. */
export function engagementFields(row: EngagementColumns) {
  return {
    tracker_connected: row.tracker || null,
    last_app_open: isoInstant(row.lastAppOpen),
    active_session_count: row.activeSessionCount,
    coach_chat_count: row.coachChatCount,
    coach_call_count: row.coachCallCount,
    nudge_open_count: row.nudgeOpenCount,
    invited_on: isoInstant(row.invitedAt),
    joined_on: isoInstant(row.joinedAt),
  };
}
