import { and, asc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { FlagSeverity, FlagSource } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import { rowsOf } from '#app/db/result-rows';
import { intArray } from '#app/db/int-array';
import { conversations } from '#app/db/schema/conversations';
import { measurements } from '#app/db/schema/measurements';
import { clinicalFlags, participantTriage, triageScanState } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';

// ---------------------------------------------------------------------------------------------
// Scan state
// ---------------------------------------------------------------------------------------------

/** What the scanner reads; for surveys the watermark is a submission instant in ms. */
export type ScanSource = 'conversations' | 'measurements' | 'surveys';

/** The last id the scanner has read of a source (0 before the first scan). */
export async function readWatermark(db: Database, source: ScanSource): Promise<number> {
  const [row] = await db
    .select({ lastId: triageScanState.lastId })
    .from(triageScanState)
    .where(eq(triageScanState.source, source));
  return row?.lastId ?? 0;
}

export async function saveWatermark(db: Database, source: ScanSource, lastId: number) {
  await db
    .insert(triageScanState)
    .values({ source, lastId, scannedAt: new Date() })
    .onConflictDoUpdate({
      target: triageScanState.source,
      set: { lastId, scannedAt: new Date() },
    });
}

export async function maxConversationId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${conversations.id})` })
    .from(conversations);
  return Number(row?.id ?? 0);
}

export async function maxMeasurementId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${measurements.id})` })
    .from(measurements);
  return Number(row?.id ?? 0);
}

// ---------------------------------------------------------------------------------------------
// What the scanner reads
// ---------------------------------------------------------------------------------------------

export interface ScannedConversation {
  id: number;
  userId: number;
  endedAt: Date;
  markers: ConversationMarker[];
  transcript: TranscriptMessage[];
}

const conversationColumns = {
  id: conversations.id,
  userId: conversations.userId,
  endedAt: conversations.endedAt,
  markers: conversations.markers,
  transcript: conversations.transcript,
};

/** The next conversations after `afterId` (up to `upToId`) that ended since `since`, by id. */
export function conversationsAfter(
  db: Database,
  options: { afterId: number; upToId: number; since: Date; limit: number },
): Promise<ScannedConversation[]> {
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(
      and(
        gt(conversations.id, options.afterId),
        lte(conversations.id, options.upToId),
        gte(conversations.endedAt, options.since),
      ),
    )
    .orderBy(asc(conversations.id))
    .limit(options.limit);
}

/** These participants' conversations that ended since `since`. */
export function conversationsOf(
  db: Database,
  userIds: readonly number[],
  since: Date,
): Promise<ScannedConversation[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(and(inArray(conversations.userId, [...userIds]), gte(conversations.endedAt, since)))
    .orderBy(asc(conversations.id));
}

/**
 * Participants with a measurement of one of `codes` stored after `afterId` (up to `upToId`) and
 * taken since `since`: whose threshold rules need another look.
 */
export async function participantsWithNewMeasurements(
  db: Database,
  options: { afterId: number; upToId: number; since: Date; codes: readonly string[] },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: measurements.userId })
    .from(measurements)
    .where(
      and(
        gt(measurements.id, options.afterId),
        lte(measurements.id, options.upToId),
        inArray(measurements.code, [...options.codes]),
        gte(measurements.measuredAt, options.since),
      ),
    )
    .orderBy(asc(measurements.userId));
  return rows.map((row) => row.userId);
}

export interface ReadingRow {
  code: string;
  value: number;
  measuredAt: Date;
}

/** Both drivers answer execute() with an object holding `rows`. */

/**
 * The id of the last of the next `limit` users after `afterUserId` (null past the last): walks
 * the participants in id ranges without a list of ids.
 */
export async function nextUserRangeEnd(
  db: Database,
  afterUserId: number,
  limit: number,
): Promise<number | null> {
  const [row] = rowsOf<{ last: number | null }>(
    await db.execute(sql`
      select max(id)::int as last
      from (select ${users.id} as id from ${users} where ${users.id} > ${afterUserId}
            order by ${users.id} limit ${limit}) as next_users`),
  );
  return row?.last ?? null;
}

export type ReadingsFilter =
  | { userIds: readonly number[] }
  | {
      /** Participants with ids in (afterUserId, lastUserId] … */
      afterUserId: number;
      lastUserId: number;
      /** … who have a reading stored after `afterId` (up to `upToId`) and taken since `since`. */
      newReadings: { afterId: number; upToId: number; since: Date };
    };

/**
 * Each participant's measurements of `codes` taken since `from`, in time order. A participant's
 * readings travel as one JSON array: a tenth of the rows, and no per-row type parsing, which on
 * PGlite is most of the cost of a scan.
 */
export async function readingsByParticipant(
  db: Database,
  filter: ReadingsFilter,
  codes: readonly string[],
  from: Date,
): Promise<Map<number, ReadingRow[]>> {
  const m = measurements;
  let who: SQL;
  let having = sql``;
  if ('userIds' in filter) {
    if (filter.userIds.length === 0) return new Map();
    who = sql`${m.userId} = any(${intArray(filter.userIds)}::int[])`;
  } else {
    const { afterId, upToId, since } = filter.newReadings;
    who = sql`${m.userId} > ${filter.afterUserId} and ${m.userId} <= ${filter.lastUserId}`;
    having = sql`having bool_or(${m.id} > ${afterId} and ${m.id} <= ${upToId} and ${m.measuredAt} >= ${since.toISOString()}::timestamptz)`;
  }
  const rows = rowsOf<{ user_id: number; readings: string }>(
    await db.execute(sql`
      select ${m.userId} as user_id,
        json_agg(json_build_array(${m.code}, ${m.value},
            floor(extract(epoch from ${m.measuredAt}) * 1000))
          order by ${m.measuredAt}, ${m.id})::text as readings
      from ${m}
      where ${who} and ${inArray(m.code, [...codes])}
        and ${m.measuredAt} >= ${from.toISOString()}::timestamptz
      group by ${m.userId}
      ${having}
      order by ${m.userId}`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      (JSON.parse(row.readings) as [string, number, number][]).map(([code, value, at]) => ({
        code,
        value,
        measuredAt: new Date(at),
      })),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Raising flags and keeping participant_triage current
// ---------------------------------------------------------------------------------------------

export interface NewFlag {
  userId: number;
  source: FlagSource;
  severity: FlagSeverity;
  rule: string;
  matchedText: string;
  value: number | null;
  conversationId: number | null;
  messageIndex: number | null;
  dedupeKey: string;
  detectedAt: Date;
}

/** Each id once, ascending: rows locked in id order never deadlock against another transaction. */
function distinctInIdOrder(userIds: readonly number[]): number[] {
  return [...new Set(userIds)].sort((a, b) => a - b);
}

/**
 * Locks (creating where missing) the participants' participant_triage rows, in id order so two
 * transactions never wait on each other crosswise. Taken before flags change, it makes a
 * concurrent raise or acknowledgement wait, so each recount sees the other's committed flags.
 */
export async function lockTriageRows(db: Database, userIds: readonly number[]) {
  const ids = distinctInIdOrder(userIds);
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into ${participantTriage} (user_id)
    select id from unnest(${intArray(ids)}::int[]) as ids(id) order by id
    on conflict (user_id) do update set updated_at = ${participantTriage.updatedAt}`);
}

/**
 * Inserts flags, skipping those raised before (same participant and dedupe key). The rows travel
 * as one JSON parameter: a first scan raises thousands at once, and a VALUES list of one bind
 * parameter per cell is several times slower to build and to parse.
 */
export async function insertFlags(db: Database, flags: readonly NewFlag[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < flags.length; i += 5000) {
    const payload = JSON.stringify(flags.slice(i, i + 5000));
    const result = await db.execute(sql`
      insert into ${clinicalFlags} (user_id, source, severity, rule, matched_text, value,
        conversation_id, message_index, dedupe_key, detected_at)
      select "userId", source, severity, rule, "matchedText", value,
        "conversationId", "messageIndex", "dedupeKey", "detectedAt"
      from json_to_recordset(${payload}::json) as r("userId" int, source flag_source,
        severity flag_severity, rule text, "matchedText" text, value real,
        "conversationId" int, "messageIndex" smallint, "dedupeKey" text,
        "detectedAt" timestamptz)
      on conflict (user_id, dedupe_key) do nothing
      returning id`);
    inserted += rowsOf(result).length;
  }
  return inserted;
}

/**
 * Recounts the participants' open flags and most severe open severity from clinical_flags
 * (min() of the enum is the most severe, as the enum lists severities most severe first).
 */
export async function refreshTriage(db: Database, userIds: readonly number[]) {
  const ids = distinctInIdOrder(userIds);
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into ${participantTriage} as t (user_id, open_flag_count, top_open_severity, updated_at)
    select ids.id, count(f.id)::int, min(f.severity), now()
    from unnest(${intArray(ids)}::int[]) as ids(id)
    join ${users} u on u.id = ids.id
    left join ${clinicalFlags} f on f.user_id = ids.id and f.status = 'OPEN'
    group by ids.id
    order by ids.id
    on conflict (user_id) do update set
      open_flag_count = excluded.open_flag_count,
      top_open_severity = excluded.top_open_severity,
      updated_at = excluded.updated_at
    where (t.open_flag_count, t.top_open_severity)
      is distinct from (excluded.open_flag_count, excluded.top_open_severity)`);
}
