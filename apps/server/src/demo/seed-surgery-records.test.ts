import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outcomeTrendsSchema, PROGRAMME_OF_PROCEDURE } from '@recovery-portal/contract/outcomes';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { painLogListSchema } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryListSchema, type SurgeryProcedure } from '@recovery-portal/contract/surgery';
import { participantThresholdsSchema, programmeOf } from '@recovery-portal/contract/thresholds';
import {
  authHeaders,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { seedDemoData } from './seed-demo';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let seeded: { user_id: number; procedure: SurgeryProcedure; group_name: string | null }[];

beforeAll(async () => {
  await seedDemoData(testApp.db, { now: new Date('2026-03-10T15:30:00Z'), participants: 40 });
  clinician = await loginAs(testApp, 'CLINICIAN');
  const result = (await testApp.db.execute(
    sql`select s.user_id, s.procedure, g.name as group_name
        from surgeries s join users u on u.id = s.user_id
        left join user_groups g on g.id = u.group_id
        order by s.user_id`,
  )) as unknown as { rows: typeof seeded };
  seeded = result.rows;
}, 120_000);

const get = (url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: authHeaders(clinician.access_token) });

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await testApp.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

describe('seeded participants on participant details', () => {
  it('the Surgery section lists the surgery the digital twin names, and the Pain section the check-ins', async () => {
    const painCode = MEASUREMENT_TYPES.painScore.code;
    const [busiest] = await query<{ user_id: number; twin_surgery_date: string }>(
      sql`select t.user_id, t.data->'programme'->>'surgery_date' as twin_surgery_date
          from digital_twins t
          order by (select count(*) from measurements m
                    where m.user_id = t.user_id and m.code = ${painCode}) desc, t.user_id
          limit 1`,
    );
    if (!busiest) throw new Error('the seed made no digital twins');
    const userId = busiest.user_id;

    const surgeries = successData(
      await get(`${API_PATHS.surgery.list}?user_id=${userId}`),
      surgeryListSchema,
    );
    expect(surgeries).toHaveLength(1);
    expect(surgeries[0]?.surgery_date).toBe(busiest.twin_surgery_date);

    const checkIns = await query<{ value: number; measured_at: string }>(
      sql`select value, to_char(measured_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as measured_at
          from measurements where user_id = ${userId} and code = ${painCode}
          order by measured_at desc limit 30`,
    );
    expect(checkIns.length).toBeGreaterThan(10);
    const reports = successData(
      await postJson(
        testApp.app,
        API_PATHS.pain.lastN,
        { user_id: userId, n: 30 },
        { headers: authHeaders(clinician.access_token) },
      ),
      painLogListSchema,
    );
    expect(reports.map((r) => [r.score, r.recorded_at])).toEqual(
      checkIns.map((m) => [m.value, m.measured_at]),
    );
    expect(reports.every((r) => r.source === 'PARTICIPANT')).toBe(true);
  });

  it('outcome trends and threshold rules follow the seeded surgery’s procedure', async () => {
    expect(seeded.length).toBeGreaterThan(20);
    // Internal participants' group (CZ) names no programme: only the surgery can decide theirs.
    expect(seeded.some((s) => s.group_name === 'CZ')).toBe(true);
    for (const { user_id, procedure } of seeded) {
      const trends = successData(
        await get(`${API_PATHS.surgery.outcomeTrends}?user_id=${user_id}`),
        outcomeTrendsSchema,
      );
      expect(trends).toMatchObject({
        programme_source: 'SURGERY',
        procedure,
        programme: PROGRAMME_OF_PROCEDURE[procedure],
      });
      const thresholds = successData(
        await get(`${API_PATHS.thresholds.participant}?user_id=${user_id}`),
        participantThresholdsSchema,
      );
      expect(thresholds.programme).toBe(programmeOf(procedure));
    }
  });
});
