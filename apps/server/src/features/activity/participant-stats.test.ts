import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '#app/db/client';
import { participantActivity, participantStats } from '#app/db/schema/activity';
import { measurements } from '#app/db/schema/measurements';
import { resetDatabase } from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import {
  startParticipantStatsRefresher,
  type RefresherLogger,
} from './participant-stats-refresher';
import { refreshParticipantStats } from '#app/core/participant-stats';
import { openMigratedPglite } from '#app/test/migrated-pglite';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

type Kind = (typeof participantActivity.$inferInsert)['kind'];

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await openMigratedPglite();
  db = handle.db;
});

afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  await resetDatabase(db);
});

async function record(userId: number, kind: Kind, occurredAt: Date) {
  await db.insert(participantActivity).values({ userId, kind, occurredAt });
}

async function statsOf(userId: number) {
  const [row] = await db.select().from(participantStats).where(eq(participantStats.userId, userId));
  return row;
}

describe('refreshParticipantStats', () => {
  it('counts each kind of event in the 7 days before now, boundaries included', async () => {
    const { id } = await createParticipant(db, { password: null });
    await record(id, 'APP_SESSION', ago(6 * DAY + 23 * HOUR));
    await record(id, 'APP_SESSION', ago(7 * DAY + HOUR));
    await record(id, 'APP_SESSION', ago(2 * HOUR));
    await record(id, 'COACH_CHAT', ago(HOUR));
    await record(id, 'COACH_CHAT', ago(8 * DAY));
    await record(id, 'COACH_CALL', ago(2 * DAY));
    await record(id, 'NUDGE_OPEN', ago(3 * DAY));
    await record(id, 'NUDGE_OPEN', ago(3 * DAY + HOUR));
    // Not yet happened as of `now`.
    await record(id, 'APP_SESSION', new Date(NOW.getTime() + HOUR));

    await refreshParticipantStats(db, { now: NOW });

    expect(await statsOf(id)).toMatchObject({
      lastAppOpen: ago(2 * HOUR),
      activeSessionCount: 2,
      coachChatCount: 1,
      coachCallCount: 1,
      nudgeOpenCount: 2,
    });
  });

  it('takes last_app_open from app sessions only, however old', async () => {
    const { id } = await createParticipant(db, { password: null });
    await record(id, 'APP_SESSION', ago(20 * DAY));
    await record(id, 'COACH_CHAT', ago(HOUR));
    await record(id, 'NUDGE_OPEN', ago(2 * HOUR));

    await refreshParticipantStats(db, { now: NOW });

    expect(await statsOf(id)).toMatchObject({
      lastAppOpen: ago(20 * DAY),
      activeSessionCount: 0,
      coachChatCount: 1,
    });
  });

  it('gives participants without activity zero counts and no last seen, and skips staff', async () => {
    const quiet = await createParticipant(db, { password: null });
    const staff = await createStaff(db);

    await refreshParticipantStats(db, { now: NOW });

    expect(await statsOf(quiet.id)).toMatchObject({
      lastAppOpen: null,
      activeSessionCount: 0,
      coachChatCount: 0,
      coachCallCount: 0,
      nudgeOpenCount: 0,
    });
    expect(await statsOf(staff.id)).toBeUndefined();
  });

  it('is idempotent: a second run changes nothing', async () => {
    const { id } = await createParticipant(db, { password: null });
    await record(id, 'APP_SESSION', ago(HOUR));
    await refreshParticipantStats(db, { now: NOW });
    const first = await db.select().from(participantStats);

    await refreshParticipantStats(db, { now: new Date(NOW.getTime() + 60_000) });

    expect(await db.select().from(participantStats)).toEqual(first);
  });

  it('moves the window with time', async () => {
    const { id } = await createParticipant(db, { password: null });
    await record(id, 'APP_SESSION', ago(DAY));
    await refreshParticipantStats(db, { now: NOW });
    expect((await statsOf(id))?.activeSessionCount).toBe(1);

    await refreshParticipantStats(db, { now: new Date(NOW.getTime() + 7 * DAY) });

    expect(await statsOf(id)).toMatchObject({ activeSessionCount: 0, lastAppOpen: ago(DAY) });
  });

  async function measure(userId: number, source: 'HOME' | 'CLINIC', measuredAt: Date) {
    await db
      .insert(measurements)
      .values({ userId, code: '55423-8', value: 4000, unit: '{steps}', measuredAt, source });
  }

  it('takes last_telemetry_at from the latest home measurement, not clinic values or the future', async () => {
    const { id } = await createParticipant(db, { password: null });
    const quiet = await createParticipant(db, { password: null });
    await measure(id, 'HOME', ago(40 * DAY));
    await measure(id, 'HOME', ago(5 * DAY));
    await measure(id, 'CLINIC', ago(HOUR));
    await measure(id, 'HOME', new Date(NOW.getTime() + HOUR));
    await measure(quiet.id, 'CLINIC', ago(HOUR));

    await refreshParticipantStats(db, { now: NOW });

    expect((await statsOf(id))?.lastTelemetryAt).toEqual(ago(5 * DAY));
    expect((await statsOf(quiet.id))?.lastTelemetryAt).toBeNull();
  });

  it('rewrites only the rows whose values moved, a new home measurement among them', async () => {
    const measured = await createParticipant(db, { password: null });
    const unchanged = await createParticipant(db, { password: null });
    await measure(measured.id, 'HOME', ago(2 * DAY));
    await measure(unchanged.id, 'HOME', ago(2 * DAY));
    await record(unchanged.id, 'APP_SESSION', ago(HOUR));
    await refreshParticipantStats(db, { now: NOW });

    const later = new Date(NOW.getTime() + 60_000);
    await measure(measured.id, 'HOME', ago(HOUR));
    // A clinic value moves nothing, so its participant's row is not rewritten.
    await measure(unchanged.id, 'CLINIC', ago(HOUR));
    await refreshParticipantStats(db, { now: later });

    expect(await statsOf(measured.id)).toMatchObject({
      lastTelemetryAt: ago(HOUR),
      computedAt: later,
    });
    expect(await statsOf(unchanged.id)).toMatchObject({
      lastTelemetryAt: ago(2 * DAY),
      computedAt: NOW,
    });
  });

  it('refreshes only the given participants when ids are passed', async () => {
    const chosen = await createParticipant(db, { password: null });
    const other = await createParticipant(db, { password: null });
    await record(chosen.id, 'COACH_CALL', ago(HOUR));
    await record(other.id, 'COACH_CALL', ago(HOUR));

    await refreshParticipantStats(db, { now: NOW, userIds: [chosen.id] });

    expect((await statsOf(chosen.id))?.coachCallCount).toBe(1);
    expect(await statsOf(other.id)).toBeUndefined();
    await expect(refreshParticipantStats(db, { userIds: [] })).resolves.toBeUndefined();
  });
});

describe('startParticipantStatsRefresher', () => {
  function capturingLogger() {
    const errors: { details: { err: unknown }; message: string }[] = [];
    const logger: RefresherLogger = {
      error: (details, message) => errors.push({ details, message }),
    };
    return { logger, errors };
  }

  it('refreshes right away and then on every interval until stopped', async () => {
    const { id } = await createParticipant(db, { password: null });
    await record(id, 'APP_SESSION', new Date(Date.now() - HOUR));
    const { logger, errors } = capturingLogger();

    const stop = startParticipantStatsRefresher(db, { intervalMs: 25, logger });
    await vi.waitFor(async () => expect((await statsOf(id))?.activeSessionCount).toBe(1));
    await record(id, 'APP_SESSION', new Date(Date.now() - 2 * HOUR));
    await vi.waitFor(async () => expect((await statsOf(id))?.activeSessionCount).toBe(2));
    await stop();

    await record(id, 'APP_SESSION', new Date(Date.now() - 3 * HOUR));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await statsOf(id))?.activeSessionCount).toBe(2);
    expect(errors).toEqual([]);
  });

  it('logs a failing refresh instead of throwing, and keeps trying', async () => {
    let calls = 0;
    const failing = {
      execute: () => {
        calls += 1;
        return Promise.reject(new Error('database unavailable'));
      },
    } as unknown as Database;
    const { logger, errors } = capturingLogger();

    const stop = startParticipantStatsRefresher(failing, { intervalMs: 10, logger });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await stop();

    expect(errors[0]?.message).toBe('Refreshing participant stats failed');
    expect(errors[0]?.details.err).toBeInstanceOf(Error);
  });

  it('does not start a refresh while the previous one is still running', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = {
      execute: async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 60));
        inFlight -= 1;
      },
    } as unknown as Database;
    const { logger } = capturingLogger();

    const stop = startParticipantStatsRefresher(slow, { intervalMs: 5, logger });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await stop();

    expect(maxInFlight).toBe(1);
    expect(inFlight).toBe(0);
  });
});

describe('participant_stats at scale', () => {
  it('refreshes thousands of participants in one statement', async () => {
    await db.execute(sql`
      insert into users (role, status, email, participant_type)
      select 'PARTICIPANT', 'ACTIVATED', 'bulk' || g || '@example.org', 'Internal'
      from generate_series(1, 2000) g`);
    await db.execute(sql`
      insert into participant_activity (user_id, kind, occurred_at)
      select u.id, 'APP_SESSION', ${NOW.toISOString()}::timestamptz - (g || ' hours')::interval
      from users u, generate_series(1, 10) g`);

    await refreshParticipantStats(db, { now: NOW });

    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        sessions: sql<number>`sum(active_session_count)::int`,
      })
      .from(participantStats);
    expect(row).toEqual({ count: 2000, sessions: 20_000 });
  });
});
