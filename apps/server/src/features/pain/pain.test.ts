import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { painLogListSchema, painLogSchema } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';

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

const report = (body: Record<string, unknown>, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', API_PATHS.pain.report, token, body);
const lastN = (body: Record<string, unknown>, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', API_PATHS.pain.lastN, token, body);

/** YYYY-MM-DD of the UTC day `days` before today. */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('pain logs', () => {
  it('clinician records pain scores and reads the last n, newest first', async () => {
    const fiveDaysAgo = daysAgo(5);
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const first = successData(
      await report({
        user_id: participant.id,
        score: 7,
        recorded_at: `${fiveDaysAgo}T08:00:00+01:00`,
        body_site: 'LEFT_KNEE',
        note: '  Worse after physio.  ',
      }),
      painLogSchema,
    );
    expect(first).toEqual({
      id: first.id,
      user_id: participant.id,
      score: 7,
      recorded_at: `${fiveDaysAgo}T07:00:00.000Z`,
      body_site: 'LEFT_KNEE',
      note: 'Worse after physio.',
      source: 'CLINICIAN',
      recorded_by: clinician.user.id,
    });
    const before = Date.now();
    const now = successData(
      await report({ user_id: participant.id, score: 0, body_site: 'LOWER_BACK', note: '' }),
      painLogSchema,
    );
    // recorded_at defaults to now; an empty note is no note; 0 is a score.
    expect(Date.parse(now.recorded_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toMatchObject({ score: 0, note: null });
    successData(
      await report({
        user_id: participant.id,
        score: 10,
        recorded_at: `${daysAgo(3)}T08:00:00Z`,
        body_site: 'LEFT_KNEE',
      }),
      painLogSchema,
    );
    await report({ user_id: other.id, score: 3, body_site: 'RIGHT_HIP' });

    const latest = successData(await lastN({ user_id: participant.id, n: 2 }), painLogListSchema);
    expect(latest.map((log) => log.score)).toEqual([0, 10]);
    const all = successData(await lastN({ user_id: participant.id, n: 200 }), painLogListSchema);
    expect(all.map((log) => log.score)).toEqual([0, 10, 7]);
  });

  it('refuses scores outside 0–10, bad times, sites and notes, and n outside 1–200', async () => {
    const participant = await createParticipant(testApp.db);
    const valid = { user_id: participant.id, score: 5, body_site: 'RIGHT_KNEE' };
    const cases: [Record<string, unknown>, string][] = [
      [{ score: -1 }, 'The pain score must be a whole number from 0 to 10.'],
      [{ score: 11 }, 'The pain score must be a whole number from 0 to 10.'],
      [{ score: 4.5 }, 'The pain score must be a whole number from 0 to 10.'],
      [{ score: '5' }, 'The pain score must be a whole number from 0 to 10.'],
      [{ score: undefined }, 'The pain score must be a whole number from 0 to 10.'],
      [{ body_site: 'ELBOW' }, 'Choose a body site from the list.'],
      [{ recorded_at: '2026-01-10' }, 'recorded_at must be a date and time with a time zone'],
      [{ recorded_at: '2999-01-01T00:00:00Z' }, 'recorded_at must not be in the future'],
      [
        { recorded_at: '1999-12-31T23:59:59Z' },
        'recorded_at must not be in the future nor before the year 2000.',
      ],
      [{ note: 'x'.repeat(1001) }, 'The note must be at most 1000 characters.'],
      [{ note: 42 }, 'The note must be text.'],
    ];
    for (const [change, message] of cases) {
      const envelope = failure(await report({ ...valid, ...change }), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(message);
    }
    successData(await report({ ...valid, score: 10, note: 'x'.repeat(1000) }), painLogSchema);

    for (const n of [0, 201, 1.5, '3', undefined]) {
      const envelope = failure(
        await lastN({ user_id: participant.id, n }),
        400,
        'VALIDATION_ERROR',
      );
      expect(envelope._error).toContain('n must be a whole number from 1 to 200.');
    }
    expect(
      successData(await lastN({ user_id: participant.id, n: 1 }), painLogListSchema),
    ).toHaveLength(1);
  });

  it('unknown participants and staff ids are 404; other roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    const staff = await createStaff(testApp.db);
    failure(await report({ user_id: 987_654, score: 1, body_site: 'OTHER' }), 404, 'NOT_FOUND');
    failure(await report({ user_id: staff.id, score: 1, body_site: 'OTHER' }), 404, 'NOT_FOUND');
    failure(await lastN({ user_id: 987_654, n: 5 }), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const body = { user_id: participant.id, score: 1, body_site: 'OTHER' };
    failure(await report(body, admin.access_token), 403, 'FORBIDDEN');
    failure(await report(body, null), 401, 'UNAUTHENTICATED');
    failure(await lastN({ user_id: participant.id, n: 5 }, admin.access_token), 403, 'FORBIDDEN');
    failure(await lastN({ user_id: participant.id, n: 5 }, null), 401, 'UNAUTHENTICATED');
  });
});
