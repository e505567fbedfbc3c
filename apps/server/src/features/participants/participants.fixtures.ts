import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { authHeaders, csrfHeaders, type TestApp } from '#app/test/build-test-app';
import { createParticipant, type FactoryUser } from '#app/test/factories';
import { DAY_MS } from '#app/core/days';

/** Test-only helpers for the participant API tests (not used by the server). */

export interface ParticipantFixture {
  firstName?: string;
  lastName?: string;
  email?: string;
  status?: UserStatus;
  type?: ParticipantType;
  group?: string | null;
  tracker?: string | null;
  joinedAt?: Date | null;
  invitedAt?: Date | null;
  lastRemindedAt?: Date | null;
  nextRemindDate?: Date | null;
  /** Writes a participant_stats row directly (null: none). */
  stats?: {
    lastAppOpen?: Date | null;
    sessions?: number;
    chats?: number;
    calls?: number;
    nudgeOpens?: number;
    lastTelemetryAt?: Date | null;
  } | null;
  /** Writes a participant_triage row directly, as the flag scanner and reviews keep it. */
  triage?: {
    openFlags?: number;
    topSeverity?: FlagSeverity | null;
    lastReviewedAt?: Date | null;
    lastReviewedBy?: number | null;
  } | null;
}

/** Inserts the user groups and returns their ids by name. */
export async function seedGroups(db: Database, names: string[]): Promise<Map<string, number>> {
  const rows = await db
    .insert(userGroups)
    .values(names.map((name) => ({ name })))
    // Migrations already create 'CZ'; the no-op update makes RETURNING include existing rows.
    .onConflictDoUpdate({ target: userGroups.name, set: { name: sql`excluded.name` } })
    .returning({ id: userGroups.id, name: userGroups.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** A participant with the list-relevant columns set as given. */
export async function addParticipant(
  db: Database,
  fixture: ParticipantFixture = {},
): Promise<FactoryUser> {
  const user = await createParticipant(db, {
    ...(fixture.firstName !== undefined ? { firstName: fixture.firstName } : {}),
    ...(fixture.lastName !== undefined ? { lastName: fixture.lastName } : {}),
    ...(fixture.email !== undefined ? { email: fixture.email } : {}),
    status: fixture.status ?? 'ACTIVATED',
    participantType: fixture.type ?? 'Internal',
  });
  let groupId: number | null = null;
  if (fixture.group) {
    const [group] = await db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(eq(userGroups.name, fixture.group));
    if (!group) throw new Error(`seed the group ${fixture.group} first`);
    groupId = group.id;
  }
  await db
    .update(users)
    .set({
      groupId,
      tracker: fixture.tracker ?? null,
      ...(fixture.joinedAt !== undefined ? { joinedAt: fixture.joinedAt } : {}),
      ...(fixture.invitedAt !== undefined ? { invitedAt: fixture.invitedAt } : {}),
      lastRemindedAt: fixture.lastRemindedAt ?? null,
      nextRemindDate: fixture.nextRemindDate ?? null,
    })
    .where(eq(users.id, user.id));
  if (fixture.stats) {
    await db.insert(participantStats).values({
      userId: user.id,
      lastAppOpen: fixture.stats.lastAppOpen ?? null,
      activeSessionCount: fixture.stats.sessions ?? 0,
      coachChatCount: fixture.stats.chats ?? 0,
      coachCallCount: fixture.stats.calls ?? 0,
      nudgeOpenCount: fixture.stats.nudgeOpens ?? 0,
      lastTelemetryAt: fixture.stats.lastTelemetryAt ?? null,
    });
  }
  if (fixture.triage) {
    await db.insert(participantTriage).values({
      userId: user.id,
      openFlagCount: fixture.triage.openFlags ?? 0,
      topOpenSeverity: fixture.triage.topSeverity ?? null,
      lastReviewedAt: fixture.triage.lastReviewedAt ?? null,
      lastReviewedBy: fixture.triage.lastReviewedBy ?? null,
    });
  }
  return user;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as the holder of the access token (null: anonymous, still with CSRF headers). */
export function callApi(
  testApp: TestApp,
  method: HttpMethod,
  url: string,
  accessToken: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers = accessToken ? authHeaders(accessToken) : csrfHeaders();
  return testApp.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
