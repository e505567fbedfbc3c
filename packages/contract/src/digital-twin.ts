import * as z from 'zod/mini';
import { participantIdField } from './participants';
import { dateStringSchema } from './profile';

/**
 * GET /api/chat/get-user-object-nursery/{id}: the coach model's picture of the participant, an
 * arbitrary JSON object shown pretty-printed in the Digital Twin dialog's Profile tab.
 */
export const digitalTwinSchema = z.record(z.string(), z.unknown());
export type DigitalTwin = z.infer<typeof digitalTwinSchema>;

export const DIGITAL_TWIN_MESSAGES = {
  notFound: 'There is no digital twin for this participant yet.',
  /** Empty texts of the dialog's tabs (spec §2 'Digital Twin dialog'). */
  noMarkers: 'No data available',
  noSegments: 'No segments available',
  loading: 'Loading...',
} as const;

/**
 * GET /api/user/marker-segment-live and GET /api/user/markers: the participant and the day
 * (YYYY-MM-DD, default today in UTC).
 */
export const markerSegmentQuerySchema = z.object({
  user_id: participantIdField(),
  date_string: z.optional(dateStringSchema),
});

/**
 * A marker the participant belonged to on the asked day: `from` ≤ day ≤ `to` (both inclusive;
 * `to` null means open-ended, shown as the expiry date). Missing type/topic/marker are null
 * (the portal shows '-').
 */
export const markerMembershipSchema = z.object({
  id: z.int(),
  type: z.nullable(z.string()),
  topic: z.nullable(z.string()),
  marker_name: z.nullable(z.string()),
  from: z.iso.date(),
  to: z.nullable(z.iso.date()),
});
export type MarkerMembership = z.infer<typeof markerMembershipSchema>;

/** A segment the participant was in on the asked day (same inclusive range rule). */
export const segmentSchema = z.object({
  id: z.int(),
  name: z.string(),
  from: z.iso.date(),
  to: z.nullable(z.iso.date()),
});
export type Segment = z.infer<typeof segmentSchema>;

/** Markers ordered by type, topic, marker; segments by name. `date` is the day asked about. */
export const markerSegmentLiveSchema = z.object({
  date: z.iso.date(),
  segments: z.array(segmentSchema),
  markers: z.array(markerMembershipSchema),
});
export type MarkerSegmentLive = z.infer<typeof markerSegmentLiveSchema>;

export const markerListSchema = z.object({
  date: z.iso.date(),
  markers: z.array(markerMembershipSchema),
});
