import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { MarkerMembership, Segment } from '@recovery-portal/contract/digital-twin';
import type { Database } from '#app/db/client';
import { digitalTwins, markerMemberships, segments } from '#app/db/schema/digital-twin';

/** The participant's digital twin JSON, or undefined when none has been built. */
export async function findDigitalTwin(
  db: Database,
  userId: number,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ data: digitalTwins.data })
    .from(digitalTwins)
    .where(eq(digitalTwins.userId, userId))
    .limit(1);
  return row?.data;
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
