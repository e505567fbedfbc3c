import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';

/** The spec's counts are 7-day windows (§9). */
export const STATS_WINDOW_MS = 7 * 86_400_000;

export interface RefreshParticipantStatsOptions {
  /** Only these participants (default: every participant). */
  userIds?: readonly number[];
  /** The end of the 7-day window (default: the current time). */
  now?: Date;
}

/**
 * Recomputes participant_stats (last app open and 7-day counts from participant_activity, and the
 * latest home measurement time from measurements) in one statement: one GROUP BY over each source,
 * then an upsert per participant that skips rows whose values did not change, so a periodic
 * refresh of 100k participants rewrites only what moved.
 */
export async function refreshParticipantStats(
  db: Database,
  options: RefreshParticipantStatsOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - STATS_WINDOW_MS);
  const ids = options.userIds;
  if (ids && ids.length === 0) return;
  if (ids?.some((id) => !Number.isSafeInteger(id))) throw new TypeError('userIds must be integers');
  // One array parameter, however many ids: a list of bind parameters would hit the 65,535 limit.
  const idArray = ids ? `{${ids.join(',')}}` : null;
  // Filters participant_activity and measurements, which both key participants by user_id.
  const sourceFilter = idArray ? sql`and user_id = any(${idArray}::int[])` : sql``;
  const userFilter = idArray ? sql`and u.id = any(${idArray}::int[])` : sql``;
  const nowIso = now.toISOString();
  const sinceIso = since.toISOString();

  await db.execute(sql`
    insert into participant_stats as s
      (user_id, last_app_open, active_session_count, coach_chat_count, coach_call_count, nudge_open_count,
       last_telemetry_at, computed_at)
    select u.id,
           a.last_app_open,
           coalesce(a.sessions, 0),
           coalesce(a.chats, 0),
           coalesce(a.calls, 0),
           coalesce(a.nudge_opens, 0),
           m.last_telemetry_at,
           ${nowIso}::timestamptz
    from users u
    left join (
      select user_id,
             max(occurred_at) filter (where kind = 'APP_SESSION') as last_app_open,
             count(*) filter (where kind = 'APP_SESSION' and occurred_at > ${sinceIso}::timestamptz) as sessions,
             count(*) filter (where kind = 'COACH_CHAT' and occurred_at > ${sinceIso}::timestamptz) as chats,
             count(*) filter (where kind = 'COACH_CALL' and occurred_at > ${sinceIso}::timestamptz) as calls,
             count(*) filter (where kind = 'NUDGE_OPEN' and occurred_at > ${sinceIso}::timestamptz) as nudge_opens
      from participant_activity
      where occurred_at <= ${nowIso}::timestamptz ${sourceFilter}
      group by user_id
    ) a on a.user_id = u.id
    left join (
      -- Home devices and the app only: a clinic visit says nothing about the data connection.
      select user_id, max(measured_at) as last_telemetry_at
      from measurements
      where source = 'HOME' and measured_at <= ${nowIso}::timestamptz ${sourceFilter}
      group by user_id
    ) m on m.user_id = u.id
    where u.role = 'PARTICIPANT' ${userFilter}
    on conflict (user_id) do update set
      last_app_open = excluded.last_app_open,
      active_session_count = excluded.active_session_count,
      coach_chat_count = excluded.coach_chat_count,
      coach_call_count = excluded.coach_call_count,
      nudge_open_count = excluded.nudge_open_count,
      last_telemetry_at = excluded.last_telemetry_at,
      computed_at = excluded.computed_at
    where (s.last_app_open, s.active_session_count, s.coach_chat_count, s.coach_call_count,
           s.nudge_open_count, s.last_telemetry_at)
      is distinct from
      (excluded.last_app_open, excluded.active_session_count, excluded.coach_chat_count,
       excluded.coach_call_count, excluded.nudge_open_count, excluded.last_telemetry_at)`);
}
