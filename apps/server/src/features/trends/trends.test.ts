import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { DATE_STRING_MESSAGE } from '@recovery-portal/contract/profile';
import { NOT_AVAILABLE_INSIGHT } from '@recovery-portal/contract/telemetry';
import {
  activityTrendSchema,
  trendResponseSchema,
  USER_TREND_METRICS,
  USER_TREND_WEEKS,
  userTrendSchema,
} from '@recovery-portal/contract/trends';
import { auditLog } from '#app/db/schema/audit';
import {
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createMeasurements, createParticipant, createStaff } from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';
import { addDays, todayUtc } from '#app/core/days';
import { weeklyMeans, weeksEnding } from './weekly';

let testApp: TestApp;
let clinician: LoggedInStaff;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const AS_OF = '2025-03-31';
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const before = (days: number) => addDays(AS_OF, -days);

const postTrend = (url: string, body: unknown, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', url, token, body);

const SERIES_CALLS = [
  [API_PATHS.trend.mood, 'mood', 4],
  [API_PATHS.trend.bmi, 'bmi', 27.2],
  [API_PATHS.trend.sleep, 'sleepDuration', 415],
  [API_PATHS.trend.bodyWeight, 'weight', 81.5],
  [API_PATHS.trend.bodyPain, 'painScore', 3],
] as const;

describe('trend series', () => {
  it('each single-series call answers the daily values of the 30 days up to date_string', async () => {
    const participant = await createParticipant(testApp.db);
    for (const [url, key, value] of SERIES_CALLS) {
      await createMeasurements(testApp.db, participant.id, [
        { key, value: value * 2, measuredAt: at(before(30)) },
        { key, value, measuredAt: at(before(29)) },
        { key, value, measuredAt: at(before(10)) },
        { key, value: value * 1.5, measuredAt: at(before(3)) },
        { key, value: value * 9, measuredAt: at(addDays(AS_OF, 1)) },
      ]);
      const data = successData(
        await postTrend(url, { user_id: participant.id, date_string: AS_OF }),
        trendResponseSchema,
      );
      expect(data.date).toBe(AS_OF);
      expect(data.plot_value).toEqual([
        { key: before(29), value },
        { key: before(10), value },
        { key: before(3), value: value * 1.5 },
      ]);
      const goodWhenUp = key === 'mood' || key === 'sleepDuration';
      expect(data.insight).toEqual({
        direction: 'DOUBLE-UP',
        effect: goodWhenUp ? 'GOOD' : 'BAD',
      });
    }
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, participant.id), eq(auditLog.actorId, clinician.user.id)));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'participant.trend.bmi.view',
      'participant.trend.body-pain.view',
      'participant.trend.body-weight.view',
      'participant.trend.mood.view',
      'participant.trend.sleep.view',
    ]);
  });

  it('activity answers steps, active time, calories out and distance', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'steps', value: 5000, measuredAt: at(before(8)) },
      { key: 'steps', value: 5100, measuredAt: at(before(1)) },
      { key: 'activityMinutes', value: 45, measuredAt: at(before(1)) },
      { key: 'caloriesOut', value: 2200, measuredAt: at(before(1)) },
      { key: 'distance', value: 3.456, measuredAt: at(before(1)) },
    ]);
    const data = successData(
      await postTrend(API_PATHS.trend.activity, {
        user_id: String(participant.id),
        date_string: AS_OF,
      }),
      activityTrendSchema,
    );
    expect(data.date).toBe(AS_OF);
    expect(data.steps.plot_value).toEqual([
      { key: before(8), value: 5000 },
      { key: before(1), value: 5100 },
    ]);
    expect(data.steps.insight).toEqual({ direction: 'STABLE', effect: 'STABLE' });
    expect(data.active_time.plot_value).toEqual([{ key: before(1), value: 45 }]);
    expect(data.calorie_out.plot_value).toEqual([{ key: before(1), value: 2200 }]);
    expect(data.distance.plot_value).toEqual([{ key: before(1), value: 3.46 }]);
    expect(data.distance.insight).toEqual(NOT_AVAILABLE_INSIGHT);
  });

  it('date_string defaults to today, and a participant without data gets empty series', async () => {
    const participant = await createParticipant(testApp.db);
    const data = successData(
      await postTrend(API_PATHS.trend.mood, { user_id: participant.id }),
      trendResponseSchema,
    );
    expect(data).toEqual({ date: todayUtc(), plot_value: [], insight: NOT_AVAILABLE_INSIGHT });
  });

  it('a malformed date_string or user_id is a 400 sentence', async () => {
    const participant = await createParticipant(testApp.db);
    for (const date_string of [
      '2025-02-30',
      '31/03/2025',
      '2025-3-1',
      '',
      20250331,
      'x'.repeat(500),
    ]) {
      const envelope = failure(
        await postTrend(API_PATHS.trend.sleep, { user_id: participant.id, date_string }),
        400,
        'VALIDATION_ERROR',
      );
      expect(envelope._error).toContain(DATE_STRING_MESSAGE);
    }
    for (const user_id of [undefined, 'abc', -4, 0, 2.5, null]) {
      failure(
        await postTrend(API_PATHS.trend.activity, { user_id, date_string: AS_OF }),
        400,
        'VALIDATION_ERROR',
      );
    }
  });

  it('unknown participants and staff ids are a 404; administrators 403; anonymous 401', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const envelope = failure(
        await postTrend(API_PATHS.trend.bmi, { user_id: id }),
        404,
        'NOT_FOUND',
      );
      expect(envelope._error).toBe(PARTICIPANT_ERRORS.notFound(id));
    }
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    for (const [url] of [...SERIES_CALLS, [API_PATHS.trend.activity] as const]) {
      failure(
        await postTrend(url, { user_id: participant.id }, admin.access_token),
        403,
        'FORBIDDEN',
      );
      failure(await postTrend(url, { user_id: participant.id }, null), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('participant trend (weekly averages)', () => {
  const getTrend = (
    id: number | string,
    query = '',
    token: string | null = clinician.access_token,
  ) => callApi(testApp, 'GET', `${API_PATHS.user.trend(id)}${query}`, token);

  it('weeks run back from the as-of day, oldest first, seven days each', () => {
    const weeks = weeksEnding(AS_OF, 3);
    expect(weeks).toEqual([
      { start: '2025-03-11', end: '2025-03-17' },
      { start: '2025-03-18', end: '2025-03-24' },
      { start: '2025-03-25', end: '2025-03-31' },
    ]);
    expect(
      weeklyMeans(
        [
          { day: '2025-03-10', value: 1 },
          { day: '2025-03-11', value: 10 },
          { day: '2025-03-17', value: 20 },
          { day: '2025-03-31', value: 7 },
        ],
        weeks,
      ),
    ).toEqual([
      { key: '2025-03-11', value: 15 },
      { key: '2025-03-25', value: 7 },
    ]);
  });

  it('a clinician gets 12 weeks of weekly means for every home metric', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'steps', value: 4000, measuredAt: at(before(8)) },
      { key: 'steps', value: 6000, measuredAt: at(before(10)) },
      { key: 'steps', value: 7000, measuredAt: at(before(2)) },
      { key: 'steps', value: 9000, measuredAt: at(before(84)) },
      { key: 'weight', value: 80, measuredAt: at(before(83)) },
    ]);
    const data = successData(
      await getTrend(participant.id, `?date_string=${AS_OF}`),
      userTrendSchema,
    );
    expect(data.date).toBe(AS_OF);
    expect(data.weeks).toHaveLength(USER_TREND_WEEKS);
    expect(data.weeks[0]).toEqual({ start: before(83), end: before(77) });
    expect(data.weeks.at(-1)).toEqual({ start: before(6), end: AS_OF });
    expect(Object.keys(data.metrics).sort()).toEqual(Object.keys(USER_TREND_METRICS).sort());
    expect(data.metrics.steps).toEqual({
      unit: '{steps}',
      plot_value: [
        { key: before(13), value: 5000 },
        { key: before(6), value: 7000 },
      ],
      insight: { direction: 'DOUBLE-UP', effect: 'GOOD' },
    });
    expect(data.metrics.weight.plot_value).toEqual([{ key: before(83), value: 80 }]);
    expect(data.metrics.mood).toEqual({
      unit: '{score}',
      plot_value: [],
      insight: NOT_AVAILABLE_INSIGHT,
    });
  });

  it('bad ids and dates are 400, unknown or staff ids 404, wrong roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    failure(await getTrend('abc'), 400, 'VALIDATION_ERROR');
    failure(await getTrend('-1'), 400, 'VALIDATION_ERROR');
    failure(await getTrend(participant.id, '?date_string=2025-13-01'), 400, 'VALIDATION_ERROR');
    failure(await getTrend(987_654), 404, 'NOT_FOUND');
    failure(await getTrend(clinician.user.id), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getTrend(participant.id, '', admin.access_token), 403, 'FORBIDDEN');
    failure(await getTrend(participant.id, '', null), 401, 'UNAUTHENTICATED');
  });
});
