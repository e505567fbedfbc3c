import { randomBytes } from 'node:crypto';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { NudgeFeedback, NudgeStatus } from '@recovery-portal/contract/nudges';
import type { ParticipantType, Role, UserStatus } from '@recovery-portal/contract/users';
import type { Database } from '../db/client';
import { conversations } from '../db/schema/conversations';
import { nudges } from '../db/schema/nudges';
import { users } from '../db/schema/users';
import { hashPassword } from '../features/account/passwords';

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
