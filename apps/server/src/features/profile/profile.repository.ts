import { and, asc, eq, sql } from 'drizzle-orm';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import type { EngagementColumns } from '#app/core/participant-engagement';
import { participantStats } from '#app/db/schema/activity';
import { conversations } from '#app/db/schema/conversations';
import { userGroups, users } from '#app/db/schema/users';

export interface ProfileRow extends EngagementColumns {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mrn: string | null;
  birthDate: string | null;
  gender: string | null;
  heightCm: number | null;
  participantType: ParticipantType | null;
  groupId: number | null;
  group: string | null;
  phoneNumber: string | null;
  status: UserStatus;
  allowDemoMode: boolean;
}

/** The participant's own columns, group and 7-day counts (users, user_groups, participant_stats). */
export const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mrn: users.mrn,
  birthDate: users.birthDate,
  gender: users.gender,
  heightCm: users.heightCm,
  participantType: users.participantType,
  groupId: users.groupId,
  group: userGroups.name,
  phoneNumber: users.phoneNumber,
  status: users.status,
  allowDemoMode: users.allowDemoMode,
  tracker: users.tracker,
  invitedAt: users.invitedAt,
  joinedAt: users.joinedAt,
  lastAppOpen: participantStats.lastAppOpen,
  activeSessionCount: participantStats.activeSessionCount,
  coachChatCount: participantStats.coachChatCount,
  coachCallCount: participantStats.coachCallCount,
  nudgeOpenCount: participantStats.nudgeOpenCount,
};

/** The participant's own columns, group and 7-day counts; undefined for staff or unknown ids. */
export async function findProfileRow(db: Database, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row;
}

/** What a coach conversation shows on the details page. */
export const conversationColumns = {
  id: conversations.id,
  startedAt: conversations.startedAt,
  endedAt: conversations.endedAt,
  summary: conversations.summary,
  patientSummary: conversations.patientSummary,
  markers: conversations.markers,
  transcript: conversations.transcript,
  nextBestAction: conversations.nextBestAction,
  nextVisitDate: conversations.nextVisitDate,
};

/** The participant's coach conversations, oldest first by when they ended. */
export async function listParticipantConversations(db: Database, userId: number) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(asc(conversations.endedAt), asc(conversations.id));
}

/** Sets allow_demo_mode; false when the id is not a participant. */
export async function setAllowDemoMode(
  db: Database,
  userId: number,
  allow: boolean,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ allowDemoMode: allow, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.role, 'PARTICIPANT')))
    .returning({ id: users.id });
  return rows.length === 1;
}

export interface ParticipantChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  mrn?: string | null;
  phoneNumber?: string | null;
  gender?: string | null;
  birthDate?: string | null;
  heightCm?: number | null;
  groupId?: number;
}

/** Applies the edit; false when the id is not a participant (any more). */
export async function updateParticipant(
  db: Database,
  userId: number,
  changes: ParticipantChanges,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.role, 'PARTICIPANT')))
    .returning({ id: users.id });
  return rows.length === 1;
}
