import { eq, sql } from 'drizzle-orm';
import type { MarkerMembership, Segment } from '@recovery-portal/contract/digital-twin';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { digitalTwins, markerMemberships, segments } from '#app/db/schema/digital-twin';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';

/**
 * The participant's digital twin in one statement with the call's audit row
 * (core/audit/participant-read.ts), written only when a twin has been built (`built` narrows
 * `participant` to that case: no twin stays a 404, unaudited). Prepared once and kept.
 */
const digitalTwinStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const twin = db
    .$with('twin')
    .as(
      db
        .select({ data: digitalTwins.data })
        .from(participant)
        .innerJoin(digitalTwins, eq(digitalTwins.userId, participant.id))
        .limit(1),
    );
  const built = db.$with('built').as(
    db
      .select({ id: participant.id })
      .from(participant)
      .where(sql`exists (select 1 from ${twin})`),
  );
  return db
    .with(participant, twin, built, participantAudit(db, built))
    .select({ participantId: participant.id, data: twin.data })
    .from(participant)
    .leftJoin(twin, sql`true`)
    .prepare('participant_digital_twin_audited');
});

/**
 * The participant's digital twin JSON (undefined when none has been built), read with the
 * call's audit row; 404 for no such participant.
 */
export async function auditedDigitalTwin(
  db: Database,
  id: number,
  audit: AuditValues,
): Promise<Record<string, unknown> | undefined> {
  const rows = await digitalTwinStatement(db).execute({ ...audit, participantId: id });
  return participantRows(rows, id)[0].data ?? undefined;
}

/** The asked day (YYYY-MM-DD) of the marker statements. */
const day = sql`${sql.placeholder('day')}::date`;

/**
 * The participant's id in the JSON subqueries: the statement's placeholder rather than a column
 * of `participant`, as Drizzle writes a one-table select's columns unqualified (a subquery's
 * `"id"` would be its own table's).
 */
const participantId = sql.placeholder('participantId');

/**
 * The participant's marker memberships covering the day (from ≤ day ≤ to, to null: open-ended)
 * as a JSON array in the answer's shape, ordered by type, topic and name (nulls last).
 */
const markersJson = sql<
  MarkerMembership[]
>`(select coalesce(json_agg(json_build_object('id', ${markerMemberships.id}, 'type', ${markerMemberships.type}, 'topic', ${markerMemberships.topic}, 'marker_name', ${markerMemberships.markerName}, 'from', ${markerMemberships.validFrom}, 'to', ${markerMemberships.validTo}) order by ${markerMemberships.type} asc nulls last, ${markerMemberships.topic} asc nulls last, ${markerMemberships.markerName} asc nulls last, ${markerMemberships.id} asc), '[]'::json) from ${markerMemberships} where ${markerMemberships.userId} = ${participantId} and ${markerMemberships.validFrom} <= ${day} and (${markerMemberships.validTo} is null or ${markerMemberships.validTo} >= ${day}))`;

/** The participant's segments covering the day as a JSON array in the answer's shape, by name. */
const segmentsJson = sql<
  Segment[]
>`(select coalesce(json_agg(json_build_object('id', ${segments.id}, 'name', ${segments.name}, 'from', ${segments.validFrom}, 'to', ${segments.validTo}) order by ${segments.name} asc, ${segments.id} asc), '[]'::json) from ${segments} where ${segments.userId} = ${participantId} and ${segments.validFrom} <= ${day} and (${segments.validTo} is null or ${segments.validTo} >= ${day}))`;

/**
 * A day's marker memberships in one statement with the call's audit row
 * (core/audit/participant-read.ts); as JSON, so both lists of the segments read fit one row.
 * Prepared once and kept.
 */
const markersStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  return db
    .with(participant, participantAudit(db, participant))
    .select({ participantId: participant.id, markers: markersJson })
    .from(participant)
    .prepare('participant_markers_audited');
});

/** A day's segments and marker memberships in one statement with the call's audit row. */
const segmentsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  return db
    .with(participant, participantAudit(db, participant))
    .select({
      participantId: participant.id,
      segments: segmentsJson,
      markers: markersJson,
    })
    .from(participant)
    .prepare('participant_segments_audited');
});

/** Marker memberships covering the day, read with the call's audit row; 404 for no participant. */
export async function auditedMarkersOn(
  db: Database,
  id: number,
  date: string,
  audit: AuditValues,
): Promise<MarkerMembership[]> {
  const rows = await markersStatement(db).execute({ ...audit, participantId: id, day: date });
  return participantRows(rows, id)[0].markers;
}

/** Segments and marker memberships covering the day, read with the call's audit row; 404 likewise. */
export async function auditedSegmentsOn(
  db: Database,
  id: number,
  date: string,
  audit: AuditValues,
): Promise<{ segments: Segment[]; markers: MarkerMembership[] }> {
  const rows = await segmentsStatement(db).execute({ ...audit, participantId: id, day: date });
  const [row] = participantRows(rows, id);
  return { segments: row.segments, markers: row.markers };
}
