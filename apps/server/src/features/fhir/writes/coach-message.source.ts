import type { Communication } from '@medplum/fhirtypes';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { coachMessages } from '#app/db/schema/fhir-writes';
import {
  BIGSERIAL_MAX_KEY,
  allOf,
  instantConditions,
  keysOf,
  type FhirSource,
} from '#app/features/fhir/resources/fhir-source';
import {
  communicationCategory,
  wantsCategory,
} from '#app/features/fhir/resources/records.resources';
import {
  countCoachMessages,
  pageCoachMessages,
  type CoachMessageRow,
} from './coach-messages.repository';

/**
 * Single messages between a participant and the coach, as the app and the coach's system sent
 * them (Communication msg-…), each part of its conversation (Communication coach-…).
 */
export function coachMessageSource(db: Database): FhirSource<CoachMessageRow> {
  return {
    kind: 2,
    prefix: 'msg-',
    maxKey: BIGSERIAL_MAX_KEY,
    where(search, ctx) {
      if (!wantsCategory(search, ctx, 'coach')) return null;
      const keys = keysOf(search, 'msg-', BIGSERIAL_MAX_KEY);
      return allOf([
        keys === null ? undefined : keys.length ? inArray(coachMessages.id, keys) : null,
        search.patients
          ? search.patients.length
            ? inArray(coachMessages.userId, search.patients)
            : null
          : undefined,
        ...instantConditions(coachMessages.sentAt, search.date),
        ...instantConditions(coachMessages.createdAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageCoachMessages(db, where, afterKey, limit),
    count: (where) => countCoachMessages(db, where),
    keyIs: (key) => eq(coachMessages.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Communication {
      const patient = { reference: `Patient/${row.userId}` };
      return {
        resourceType: 'Communication',
        id: `msg-${row.id}`,
        meta: { lastUpdated: row.createdAt.toISOString() },
        status: 'completed',
        category: communicationCategory(ctx, 'coach'),
        subject: patient,
        ...(row.sender === 'PARTICIPANT' ? { sender: patient } : { recipient: [patient] }),
        sent: row.sentAt.toISOString(),
        payload: [{ contentString: row.text }],
        partOf: [{ reference: `Communication/coach-${row.conversationId}` }],
        ...(row.inResponseTo === null
          ? {}
          : { inResponseTo: [{ reference: `Communication/msg-${row.inResponseTo}` }] }),
      };
    },
  };
}
