import { FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import type { Database } from '#app/db/client';
import { conversationOfMessage, recordCoachMessage } from '#app/core/coach-messages';
import { recordMeasurements } from '#app/core/measurements/record-measurements';
import { insertPainLogs } from '#app/core/pain-logs';
import { findParticipant } from '#app/core/participant-lookup';
import {
  findOpenSurveySlot,
  findSurvey,
  submitSurveyResponse,
} from '#app/core/surveys/submit-survey';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import { readCommunication } from './communication-input';
import { unprocessable, type WriteIdentifier } from './json-input';
import { readObservation } from './observation-input';
import {
  answersOf,
  questionnaireUnknown,
  readQuestionnaireResponseHead,
} from './questionnaire-response-input';

/** The resource types a client may create. */
export const WRITABLE_TYPES = ['Observation', 'QuestionnaireResponse', 'Communication'] as const;
export type WritableType = (typeof WRITABLE_TYPES)[number];

export function isWritable(type: string): type is WritableType {
  return (WRITABLE_TYPES as readonly string[]).includes(type);
}

/** Who writes: a participant's app (for its patient), or the coach's system client. */
export type WriteAuthor =
  { kind: 'patient'; patientId: number; clientId: string } | { kind: 'system'; clientId: string };

/** What storing a resource did: the id the read side serves it under, and a new conversation. */
export interface StoredWrite {
  resourceId: string;
  startedChat: boolean;
}

/** A resource read and checked, ready to store in the caller's transaction. */
export interface PreparedWrite {
  participantId: number;
  identifiers: WriteIdentifier[];
  /** Stores it through the shared core writes. */
  store(db: Database): Promise<StoredWrite>;
}

async function prepareObservation(
  body: unknown,
  ctx: FhirContext,
  author: Extract<WriteAuthor, { kind: 'patient' }>,
  now: Date,
): Promise<PreparedWrite> {
  const write = readObservation(body, ctx, { patientId: author.patientId, now });
  return {
    participantId: author.patientId,
    identifiers: write.identifiers,
    async store(db) {
      const [id] = await recordMeasurements(db, write.measurements, now);
      const [first] = write.measurements;
      if (write.pain && first) {
        await insertPainLogs(db, [
          {
            userId: author.patientId,
            score: write.pain.score,
            recordedAt: first.measuredAt,
            bodySite: write.pain.bodySite,
            note: null,
            source: 'PARTICIPANT',
            recordedBy: null,
          },
        ]);
      }
      return { resourceId: `${write.prefix}${String(id)}`, startedChat: false };
    },
  };
}

async function prepareQuestionnaireResponse(
  db: Database,
  body: unknown,
  ctx: FhirContext,
  author: Extract<WriteAuthor, { kind: 'patient' }>,
  now: Date,
): Promise<PreparedWrite> {
  const head = readQuestionnaireResponseHead(body, ctx, { patientId: author.patientId, now });
  const survey = await findSurvey(db, head.surveyId);
  if (!survey) throw questionnaireUnknown();
  const answers = answersOf(head.resource, survey, ctx);
  return {
    participantId: author.patientId,
    identifiers: head.identifiers,
    async store(tx) {
      const path = 'QuestionnaireResponse.questionnaire';
      const slot = await findOpenSurveySlot(tx, author.patientId, survey.id, head.authored);
      const filled =
        slot !== null &&
        (await submitSurveyResponse(tx, {
          slotId: slot.id,
          title: survey.title,
          answers,
          submittedAt: head.authored,
          storedAt: now,
        }));
      if (!slot || !filled) throw unprocessable(FHIR_WRITE_MESSAGES.noOpenSlot(path), path);
      return { resourceId: String(slot.id), startedChat: false };
    },
  };
}

async function prepareCommunication(
  db: Database,
  body: unknown,
  ctx: FhirContext,
  author: WriteAuthor,
  now: Date,
): Promise<PreparedWrite> {
  const write = readCommunication(
    body,
    ctx,
    author.kind === 'patient' ? { patientId: author.patientId } : { coach: true },
    now,
  );
  if (author.kind === 'system' && !(await findParticipant(db, write.participantId))) {
    const path = 'Communication.recipient';
    throw unprocessable(FHIR_WRITE_MESSAGES.participantNotFound(path), path, 'not-found');
  }
  if (
    write.inResponseTo !== null &&
    (await conversationOfMessage(db, write.participantId, write.inResponseTo)) === null
  ) {
    const path = 'Communication.inResponseTo[0]';
    throw unprocessable(FHIR_WRITE_MESSAGES.inResponseToUnknown(path), path, 'not-found');
  }
  return {
    participantId: write.participantId,
    identifiers: write.identifiers,
    async store(tx) {
      const message = await recordCoachMessage(tx, {
        userId: write.participantId,
        sender: write.sender,
        text: write.text,
        sentAt: write.sentAt,
        inResponseTo: write.inResponseTo,
        clientId: author.clientId,
      });
      return {
        resourceId: `msg-${String(message.id)}`,
        startedChat: author.kind === 'patient' && message.startedConversation,
      };
    },
  };
}

/**
 * Reads and checks a resource the caller sent (everything that needs no lock), refusing it with
 * the element at fault; its `store` then writes it through the core services the portal and the
 * simulation use.
 */
export function prepareWrite(
  db: Database,
  type: WritableType,
  body: unknown,
  ctx: FhirContext,
  author: WriteAuthor,
  now: Date,
): Promise<PreparedWrite> {
  if (type === 'Communication') return prepareCommunication(db, body, ctx, author, now);
  // Only the coach's system writes without a patient, and only Communications (its scope).
  if (author.kind !== 'patient') throw new Error(`a system client cannot create ${type}`);
  return type === 'Observation'
    ? prepareObservation(body, ctx, author, now)
    : prepareQuestionnaireResponse(db, body, ctx, author, now);
}
