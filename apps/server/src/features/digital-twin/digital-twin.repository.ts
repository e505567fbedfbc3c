import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
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

/** Marker memberships covering the day: from ≤ day ≤ to (to null: open-ended). */
export async function markersOn(
  db: Database,
  userId: number,
  day: string,
): Promise<MarkerMembership[]> {
  return db
    .select({
      id: markerMemberships.id,
      type: markerMemberships.type,
      topic: markerMemberships.topic,
      marker_name: markerMemberships.markerName,
      from: markerMemberships.validFrom,
      to: markerMemberships.validTo,
    })
    .from(markerMemberships)
    .where(
      and(
        eq(markerMemberships.userId, userId),
        lte(markerMemberships.validFrom, day),
        or(isNull(markerMemberships.validTo), gte(markerMemberships.validTo, day)),
      ),
    )
    .orderBy(
      sql`${markerMemberships.type} asc nulls last`,
      sql`${markerMemberships.topic} asc nulls last`,
      sql`${markerMemberships.markerName} asc nulls last`,
      asc(markerMemberships.id),
    );
}

/** Segments covering the day, by name. */
export async function segmentsOn(db: Database, userId: number, day: string): Promise<Segment[]> {
  return db
    .select({
      id: segments.id,
      name: segments.name,
      from: segments.validFrom,
      to: segments.validTo,
    })
    .from(segments)
    .where(
      and(
        eq(segments.userId, userId),
        lte(segments.validFrom, day),
        or(isNull(segments.validTo), gte(segments.validTo, day)),
      ),
    )
    .orderBy(asc(segments.name), asc(segments.id));
}
