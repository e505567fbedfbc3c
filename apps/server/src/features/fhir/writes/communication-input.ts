import {
  COACH_COMMUNICATION_CATEGORY,
  FHIR_WRITE_LIMITS,
  FHIR_WRITE_MESSAGES,
} from '@recovery-portal/contract/fhir-writes';
import type { CoachMessageSender } from '#app/core/coach-messages';
import { FhirError } from '#app/features/fhir/fhir-error';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import {
  arrayAt,
  codingsAt,
  identifiersOf,
  instantAt,
  malformed,
  objectAt,
  patientIdOf,
  referenceAt,
  resourceOf,
  statusOf,
  stringAt,
  unprocessable,
  type WriteIdentifier,
} from './json-input';

/** What one Communication (a message between a participant and the coach) stores. */
export interface CommunicationWrite {
  participantId: number;
  sender: CoachMessageSender;
  text: string;
  sentAt: Date;
  inResponseTo: number | null;
  identifiers: WriteIdentifier[];
}

/** Who sends: the participant's app (for its patient) or the coach's system client. */
export type CommunicationAuthor = { patientId: number } | { coach: true };

function bad(message: string, path: string) {
  return unprocessable(message, path, 'invalid');
}

/** The Patient ids among the references of `Communication.<element>`. */
function patientsIn(value: unknown, element: string, ctx: FhirContext): (number | null)[] {
  return arrayAt(value, `Communication.${element}`).map((item, index) => {
    const reference = referenceAt(item, `Communication.${element}[${index}]`) ?? '';
    return reference.startsWith('Patient/') || reference.startsWith(`${ctx.base}/Patient/`)
      ? (patientIdOf(reference, ctx.base) ?? -1)
      : null;
  });
}

function messageText(payload: unknown): string {
  const path = 'Communication.payload';
  const parts = arrayAt(payload, path).map((item, index) =>
    stringAt(objectAt(item, `${path}[${index}]`).contentString, `${path}[${index}].contentString`),
  );
  if (parts.length === 0) throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  const text = parts.join('\n').trim();
  if (text.length > FHIR_WRITE_LIMITS.maxMessageLength) {
    throw unprocessable(
      FHIR_WRITE_MESSAGES.tooLong(path, FHIR_WRITE_LIMITS.maxMessageLength),
      path,
      'too-long',
    );
  }
  return text;
}

/** The message a Communication answers: inResponseTo Communication/msg-<id>, at most one. */
function answered(value: unknown, ctx: FhirContext): number | null {
  const path = 'Communication.inResponseTo';
  const items = arrayAt(value, path);
  if (items.length > 1) throw bad(FHIR_WRITE_MESSAGES.tooMany(path, 1), path);
  const reference = items[0] === undefined ? undefined : referenceAt(items[0], `${path}[0]`);
  if (reference === undefined) return null;
  const relative = reference.startsWith(`${ctx.base}/`)
    ? reference.slice(ctx.base.length + 1)
    : reference;
  const match = /^Communication\/msg-(\d{1,15})$/.exec(relative);
  if (!match) throw bad(FHIR_WRITE_MESSAGES.inResponseToUnknown(`${path}[0]`), `${path}[0]`);
  return Number(match[1]);
}

/**
 * Reads a Communication between a participant and the coach, in the coach category the read
 * side serves. From the participant's app: about and from its patient, to no other patient.
 * From the coach's system client: to one participant (recipient, or subject).
 */
export function readCommunication(
  body: unknown,
  ctx: FhirContext,
  author: CommunicationAuthor,
  now: Date,
): CommunicationWrite {
  const resource = resourceOf(body, 'Communication');
  statusOf(resource, 'Communication', ['completed']);
  const categories = arrayAt(resource.category, 'Communication.category').flatMap((item, index) =>
    codingsAt(item, `Communication.category[${index}]`),
  );
  if (
    !categories.some(
      (c) =>
        c.code === COACH_COMMUNICATION_CATEGORY && c.system === ctx.systems.communicationCategory,
    )
  ) {
    throw unprocessable(
      FHIR_WRITE_MESSAGES.categoryCoach('Communication.category'),
      'Communication.category',
      'code-invalid',
    );
  }
  const subjectRef = referenceAt(resource.subject, 'Communication.subject');
  const subject = subjectRef === undefined ? null : (patientIdOf(subjectRef, ctx.base) ?? -1);
  const recipients = patientsIn(resource.recipient, 'recipient', ctx);
  const senderRef = referenceAt(resource.sender, 'Communication.sender');
  const sender = senderRef === undefined ? null : patientIdOf(senderRef, ctx.base);
  const text = messageText(resource.payload);
  const sentAt =
    resource.sent === undefined ? now : instantAt(resource.sent, 'Communication.sent', now);
  const common = {
    text,
    sentAt,
    inResponseTo: answered(resource.inResponseTo, ctx),
    identifiers: identifiersOf(resource, 'Communication'),
  };

  if ('patientId' in author) {
    const own = author.patientId;
    if (subject !== null && subject !== own) {
      throw malformedSubject('Communication.subject.reference');
    }
    if (
      (senderRef !== undefined && sender !== own) ||
      recipients.some((recipient) => recipient !== null)
    ) {
      throw bad(FHIR_WRITE_MESSAGES.participantToCoach, 'Communication.recipient');
    }
    return { participantId: own, sender: 'PARTICIPANT', ...common };
  }
  const named = [...new Set([...recipients, subject].filter((id) => id !== null))];
  const [participantId] = named;
  if (named.length !== 1 || participantId === undefined || participantId < 1 || sender !== null) {
    throw bad(FHIR_WRITE_MESSAGES.coachToParticipant, 'Communication.recipient');
  }
  return { participantId, sender: 'COACH', ...common };
}

function malformedSubject(path: string) {
  return new FhirError(
    403,
    'forbidden',
    FHIR_WRITE_MESSAGES.subjectMismatch(path),
    undefined,
    path,
  );
}
