import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { ClinicalRecordCategory } from '@recovery-portal/contract/clinical-records';
import {
  MEASUREMENT_TYPES,
  type MeasurementKey,
  type MeasurementSource,
} from '@recovery-portal/contract/measurements';
import type { NudgeFeedback, NudgeStatus } from '@recovery-portal/contract/nudges';
import type { SurgeryProcedure, SurgerySide } from '@recovery-portal/contract/surgery';
import type { SurveyQuestion, SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { ParticipantType, Role, UserStatus } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { clinicalRecords } from '#app/db/schema/clinical-records';
import { conversations } from '#app/db/schema/conversations';
import { digitalTwins, markerMemberships, segments } from '#app/db/schema/digital-twin';
import { measurements } from '#app/db/schema/measurements';
import { nudges } from '#app/db/schema/nudges';
import { simulationPrograms } from '#app/db/schema/simulation';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses, surveys } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { hashPassword } from '#app/core/staff-accounts/passwords';
import { SIMULATION_PROGRAM_DEFINITIONS } from '#app/features/simulation/simulation-programs';
import { storedScoresOf } from '#app/core/surveys/stored-scores';

/** The password every factory user gets unless a test names another. */
export const FACTORY_PASSWORD = 'Factory-Password-42';

export interface UserAttributes {
  role?: Role;
  status?: UserStatus;
  email?: string;
  /** null: an account without a password (an invitation not yet accepted). */
  password?: string | null;
  firstName?: string;
  lastName?: string;
  participantType?: ParticipantType | null;
}

export interface FactoryUser {
  id: number;
  role: Role;
  status: UserStatus;
  email: string;
  password: string | null;
  firstName: string;
  lastName: string;
}

// argon2 is deliberately slow; tests reuse the hash of a password they have already used.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

let sequence = 0;

/** Inserts a user row directly; defaults to an activated clinician with FACTORY_PASSWORD. */
export async function createUser(
  db: Database,
  attributes: UserAttributes = {},
): Promise<FactoryUser> {
  sequence += 1;
  const role = attributes.role ?? 'CLINICIAN';
  const status = attributes.status ?? 'ACTIVATED';
  const email = (
    attributes.email ??
    `${role.toLowerCase()}-${sequence}-${randomBytes(3).toString('hex')}@clinic.test`
  ).toLowerCase();
  const password = attributes.password === undefined ? FACTORY_PASSWORD : attributes.password;
  const firstName = attributes.firstName ?? 'Test';
  const lastName = attributes.lastName ?? `User${sequence}`;
  const [row] = await db
    .insert(users)
    .values({
      role,
      status,
      email,
      passwordHash: password === null ? null : await cachedHash(password),
      firstName,
      lastName,
      participantType:
        attributes.participantType === undefined
          ? role === 'PARTICIPANT'
            ? 'Internal'
            : null
          : attributes.participantType,
      joinedAt: status === 'ACTIVATED' ? new Date() : null,
      invitedAt: role === 'PARTICIPANT' ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, role, status, email, password, firstName, lastName };
}

/** An activated CLINICIAN (or ADMINISTRATOR) who can sign in. */
export function createStaff(db: Database, attributes: UserAttributes = {}) {
  return createUser(db, { role: 'CLINICIAN', status: 'ACTIVATED', ...attributes });
}

/** A mobile-app participant: has a password but may not use the portal. */
export function createParticipant(db: Database, attributes: UserAttributes = {}) {
  return createUser(db, { role: 'PARTICIPANT', status: 'ACTIVATED', ...attributes });
}

/** A staff member whose account was suspended. */
export function createSuspendedStaff(db: Database, attributes: UserAttributes = {}) {
  return createUser(db, { role: 'CLINICIAN', status: 'SUSPENDED', ...attributes });
}

/** A staff member invited but not yet activated. */
export function createPendingStaff(db: Database, attributes: UserAttributes = {}) {
  return createUser(db, { role: 'CLINICIAN', status: 'PENDING_ACTIVATION', ...attributes });
}

export interface NudgeAttributes {
  title?: string;
  content?: string;
  /** YYYY-MM-DD */
  targetDate?: string;
  /** HH:mm or HH:mm:ss */
  sendTime?: string;
  trackingType?: NudgeStatus;
  feedbackType?: NudgeFeedback | null;
  openedAt?: Date | null;
}

/** Inserts a nudge for the user; defaults to an ACTIVE nudge without feedback, due today. */
export async function createNudge(db: Database, userId: number, attributes: NudgeAttributes = {}) {
  sequence += 1;
  const [row] = await db
    .insert(nudges)
    .values({
      userId,
      title: attributes.title ?? `Nudge ${sequence}`,
      content: attributes.content ?? 'Take a short walk after lunch.',
      targetDate: attributes.targetDate ?? new Date().toISOString().slice(0, 10),
      sendTime: attributes.sendTime ?? '09:00',
      trackingType: attributes.trackingType ?? 'ACTIVE',
      feedbackType: attributes.feedbackType ?? null,
      openedAt: attributes.openedAt ?? null,
    })
    .returning({ id: nudges.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface ConversationAttributes {
  startedAt?: Date;
  endedAt?: Date;
  summary?: string;
  patientSummary?: string;
  markers?: ConversationMarker[];
  transcript?: TranscriptMessage[];
  nextBestAction?: string | null;
  /** YYYY-MM-DD */
  nextVisitDate?: string | null;
}

/** Inserts a coach conversation of the user; defaults to one that ended an hour ago. */
export async function createConversation(
  db: Database,
  userId: number,
  attributes: ConversationAttributes = {},
) {
  sequence += 1;
  const endedAt = attributes.endedAt ?? new Date(Date.now() - 3_600_000);
  const [row] = await db
    .insert(conversations)
    .values({
      userId,
      startedAt: attributes.startedAt ?? new Date(endedAt.getTime() - 600_000),
      endedAt,
      summary: attributes.summary ?? `Conversation ${sequence} about recovery exercises.`,
      patientSummary: attributes.patientSummary ?? 'Feels better than last week.',
      markers: attributes.markers ?? [],
      transcript: attributes.transcript ?? [],
      nextBestAction: attributes.nextBestAction ?? null,
      nextVisitDate: attributes.nextVisitDate ?? null,
    })
    .returning({ id: conversations.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface MeasurementAttributes {
  /** A key of MEASUREMENT_TYPES: its LOINC (or local) code and UCUM unit are used. */
  key: MeasurementKey;
  value: number;
  measuredAt: Date;
  source?: MeasurementSource;
}

/** Inserts measurements of the user (telemetry or labs); source defaults to HOME. */
export async function createMeasurements(
  db: Database,
  userId: number,
  rows: readonly MeasurementAttributes[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(measurements).values(
    rows.map((row) => ({
      userId,
      code: MEASUREMENT_TYPES[row.key].code,
      unit: MEASUREMENT_TYPES[row.key].unit,
      value: row.value,
      measuredAt: row.measuredAt,
      source: row.source ?? 'HOME',
    })),
  );
}

/** Inserts a questionnaire; title defaults to a unique one with two questions. */
export async function createSurvey(
  db: Database,
  attributes: { title?: string; description?: string; questions?: SurveyQuestion[] } = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(surveys)
    .values({
      title: attributes.title ?? `Survey ${sequence}`,
      description: attributes.description ?? 'How the participant is doing.',
      questions: attributes.questions ?? [
        { question: 'How is your pain?', options: ['None', 'Mild', 'Severe'] },
        { question: 'How is your sleep?', options: ['Good', 'Fair', 'Poor'] },
      ],
    })
    .returning({ id: surveys.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface SurveyResponseAttributes {
  timepoint: SurveyTimepoint;
  /** YYYY-MM-DD */
  targetDate: string;
  submittedAt?: Date | null;
  answers?: (number | null)[] | null;
  score?: number | null;
  notApplicable?: boolean;
  /** Written by the demo generator rather than a patient. */
  generated?: boolean;
}

/** Schedules (and optionally answers) a survey for the user at a timepoint. */
export async function createSurveyResponse(
  db: Database,
  userId: number,
  surveyId: number,
  attributes: SurveyResponseAttributes,
) {
  const submitted = Boolean(attributes.submittedAt);
  const [survey] = submitted
    ? await db.select({ title: surveys.title }).from(surveys).where(eq(surveys.id, surveyId))
    : [];
  const [row] = await db
    .insert(surveyResponses)
    .values({
      userId,
      surveyId,
      timepoint: attributes.timepoint,
      targetDate: attributes.targetDate,
      submittedAt: attributes.submittedAt ?? null,
      answers: attributes.answers ?? null,
      score: attributes.score ?? null,
      // Derived as the application writes them, so the database's aggregates see the response.
      scores: survey ? storedScoresOf(survey.title, attributes.answers ?? null) : null,
      notApplicable: attributes.notApplicable ?? false,
      generated: attributes.generated ?? false,
    })
    .returning({ id: surveyResponses.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Inserts a clinical record (left-panel card entry) of the user. */
export async function createClinicalRecord(
  db: Database,
  userId: number,
  attributes: {
    category: ClinicalRecordCategory;
    title: string;
    detail?: string | null;
    /** YYYY-MM-DD */
    recordedOn?: string | null;
  },
) {
  await db.insert(clinicalRecords).values({
    userId,
    category: attributes.category,
    title: attributes.title,
    detail: attributes.detail ?? null,
    recordedOn: attributes.recordedOn ?? null,
  });
}

/** Stores the user's digital twin JSON. */
export async function createDigitalTwin(
  db: Database,
  userId: number,
  data: Record<string, unknown>,
) {
  await db.insert(digitalTwins).values({ userId, data });
}

/** A marker membership of the user over [validFrom, validTo] (YYYY-MM-DD; validTo null: open). */
export async function createMarkerMembership(
  db: Database,
  userId: number,
  attributes: {
    type?: string | null;
    topic?: string | null;
    markerName?: string | null;
    validFrom: string;
    validTo?: string | null;
  },
) {
  const [row] = await db
    .insert(markerMemberships)
    .values({
      userId,
      type: attributes.type === undefined ? 'Clinical' : attributes.type,
      topic: attributes.topic === undefined ? 'Pain' : attributes.topic,
      markerName: attributes.markerName === undefined ? 'Pain above 5/10' : attributes.markerName,
      validFrom: attributes.validFrom,
      validTo: attributes.validTo ?? null,
    })
    .returning({ id: markerMemberships.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A segment of the user over [validFrom, validTo] (YYYY-MM-DD; validTo null: open). */
export async function createSegment(
  db: Database,
  userId: number,
  attributes: { name: string; validFrom: string; validTo?: string | null },
) {
  const [row] = await db
    .insert(segments)
    .values({
      userId,
      name: attributes.name,
      validFrom: attributes.validFrom,
      validTo: attributes.validTo ?? null,
    })
    .returning({ id: segments.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface SurgeryAttributes {
  procedure?: SurgeryProcedure;
  side?: SurgerySide;
  /** YYYY-MM-DD */
  surgeryDate?: string;
  surgeon?: string;
  hospital?: string;
  notes?: string | null;
}

/** Inserts a surgery of the participant; defaults to a left total knee replacement. */
export async function createSurgery(
  db: Database,
  userId: number,
  attributes: SurgeryAttributes = {},
) {
  const [row] = await db
    .insert(surgeries)
    .values({
      userId,
      procedure: attributes.procedure ?? 'TOTAL_KNEE_REPLACEMENT',
      side: attributes.side ?? 'LEFT',
      surgeryDate: attributes.surgeryDate ?? '2025-03-10',
      surgeon: attributes.surgeon ?? 'Dr Grey',
      hospital: attributes.hospital ?? 'Riverside Orthopaedic Centre',
      notes: attributes.notes ?? null,
    })
    .returning({ id: surgeries.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The simulation programmes the migration seeds (reset() empties every table, them too). */
export async function createSimulationPrograms(db: Database) {
  return db
    .insert(simulationPrograms)
    .values(SIMULATION_PROGRAM_DEFINITIONS.map((program) => ({ ...program })))
    .onConflictDoNothing()
    .returning({ id: simulationPrograms.id, code: simulationPrograms.code });
}
