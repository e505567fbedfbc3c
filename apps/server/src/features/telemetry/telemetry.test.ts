import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { averageGlucoseFromHba1c } from '@recovery-portal/contract/measurements';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { NOT_AVAILABLE_INSIGHT, telemetrySchema } from '@recovery-portal/contract/telemetry';
import { auditLog } from '#app/db/schema/audit';
import {
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import {
  createMeasurements,
  createParticipant,
  createStaff,
  type MeasurementAttributes,
} from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';
import { addDays, todayUtc } from '#app/core/days';

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

const today = todayUtc();
/** The UTC day `n` days before today, and noon on it. */
const day = (n: number) => addDays(today, -n);
const noon = (n: number) => new Date(`${day(n)}T12:00:00Z`);

const getTelemetry = (userId: string | number, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.user.telemetry}?user_id=${userId}`, token);

function daily(
  key: MeasurementAttributes['key'],
  fromAgo: number,
  toAgo: number,
  value: number,
): MeasurementAttributes[] {
  return Array.from({ length: fromAgo - toAgo + 1 }, (_, i) => ({
    key,
    value,
    measuredAt: noon(fromAgo - i),
  }));
}

describe('home health telemetry', () => {
  it('a clinician sees each tile’s latest home reading, its day and insight; tiles without data are null', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      ...daily('steps', 13, 7, 5000),
      ...daily('steps', 6, 1, 6000),
      { key: 'weight', value: 80, measuredAt: noon(10) },
      { key: 'weight', value: 82, measuredAt: noon(2) },
      // A clinic weighing is not home telemetry: the tile keeps the home scale's value.
      { key: 'weight', value: 95, measuredAt: noon(0), source: 'CLINIC' },
      { key: 'bmi', value: 26.7777, measuredAt: noon(2) },
      { key: 'painScore', value: 4, measuredAt: noon(9) },
      { key: 'painScore', value: 6, measuredAt: noon(1) },
      { key: 'sleepQuality', value: 4, measuredAt: noon(0) },
      { key: 'sleepDuration', value: 420, measuredAt: noon(8) },
      { key: 'sleepDuration', value: 400, measuredAt: noon(0) },
      { key: 'strideLength', value: 0.71, measuredAt: noon(3) },
      { key: 'mood', value: 4, measuredAt: noon(5) },
      { key: 'caloriesOut', value: 2100, measuredAt: noon(1) },
    ]);

    const data = successData(await getTelemetry(participant.id), telemetrySchema);
    expect(data.current_run_date).toBe(today);
    expect(data.activity).toMatchObject({
      steps: 6000,
      steps_date: day(1),
      steps_insight: { direction: 'DOUBLE-UP', effect: 'GOOD' },
      stride_length: 0.71,
      stride_length_date: day(3),
      stride_length_insight: NOT_AVAILABLE_INSIGHT,
      activity_mins: null,
      activity_mins_date: null,
      activity_mins_insight: NOT_AVAILABLE_INSIGHT,
      distance: null,
      distance_date: null,
      calorie_out: 2100,
      calorie_out_date: day(1),
    });
    expect(data.bodyMeasurement).toMatchObject({
      weight: 82,
      weight_date: day(2),
      weight_insight: { direction: 'STABLE', effect: 'STABLE' },
      bmi: 26.78,
      bmi_date: day(2),
      calories: 2100,
      calories_date: day(1),
    });
    expect(data.sleep).toEqual({
      sleep: 400,
      sleep_date: today,
      // 420 → 400 minutes is a 4.8% fall in sleep: bad.
      sleep_insight: { direction: 'DOWN', effect: 'BAD' },
      sleep_quality: 4,
      sleep_quality_date: today,
      sleep_quality_insight: NOT_AVAILABLE_INSIGHT,
    });
    expect(data.pain).toEqual({
      score: 6,
      date: day(1),
      insight: { direction: 'DOUBLE-UP', effect: 'BAD' },
    });
    expect(data.mood).toEqual({ value: 4, date: day(5), insight: NOT_AVAILABLE_INSIGHT });
    expect(data.anxiety).toEqual({ score: null, date: null, insight: NOT_AVAILABLE_INSIGHT });
    expect(data.data_last_received_at).toBe(noon(0).toISOString());

    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'participant.telemetry.view'),
          eq(auditLog.subjectId, participant.id),
        ),
      );
    expect(audit).toMatchObject({ actorId: clinician.user.id, subjectType: 'participant' });
  });

  it('the detail charts hold the last 30 days of activity minutes and weight', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'activityMinutes', value: 99, measuredAt: noon(30) },
      { key: 'activityMinutes', value: 40, measuredAt: noon(29) },
      // Two syncs on one day: the chart shows their mean.
      { key: 'activityMinutes', value: 50, measuredAt: noon(3) },
      { key: 'activityMinutes', value: 60, measuredAt: new Date(noon(3).getTime() + 3_600_000) },
      { key: 'weight', value: 81.4, measuredAt: noon(12) },
    ]);
    const data = successData(await getTelemetry(participant.id), telemetrySchema);
    expect(data.activeTime).toEqual({
      date: today,
      plot_value: [
        { key: day(29), value: 40 },
        { key: day(3), value: 55 },
      ],
      insight: NOT_AVAILABLE_INSIGHT,
    });
    expect(data.bodyWeight.plot_value).toEqual([{ key: day(12), value: 81.4 }]);
    // The tile shows the latest reading itself.
    expect(data.activity.activity_mins).toBe(60);
  });

  it('a participant without any measurement gets null everywhere, never zeros', async () => {
    const participant = await createParticipant(testApp.db);
    const data = successData(await getTelemetry(participant.id), telemetrySchema);
    for (const group of [data.activity, data.bodyMeasurement, data.sleep]) {
      for (const [field, value] of Object.entries(group)) {
        if (field.endsWith('_insight')) expect(value).toEqual(NOT_AVAILABLE_INSIGHT);
        else expect(value).toBeNull();
      }
    }
    expect(data.mood.value).toBeNull();
    expect(data.pain.score).toBeNull();
    for (const group of Object.values(data.labs)) {
      for (const bySource of Object.values(group)) {
        expect(bySource).toEqual({ HOME: null, CLINIC: null });
      }
    }
    expect(data.activeTime.plot_value).toEqual([]);
    expect(data.bodyWeight.plot_value).toEqual([]);
    expect(data.data_last_received_at).toBeNull();
  });

  it('readings older than the one-year lookback no longer count', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'steps', value: 4000, measuredAt: noon(365) },
      { key: 'mood', value: 3, measuredAt: noon(364) },
    ]);
    const data = successData(await getTelemetry(participant.id), telemetrySchema);
    expect(data.activity.steps).toBeNull();
    expect(data.mood).toMatchObject({ value: 3, date: day(364) });
    expect(data.data_last_received_at).toBe(noon(364).toISOString());
  });
});

describe('labs and vitals', () => {
  it('every lab is answered per source, HOME and CLINIC side by side', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'systolicBp', value: 140, measuredAt: noon(12) },
      { key: 'systolicBp', value: 128, measuredAt: noon(1) },
      { key: 'diastolicBp', value: 82, measuredAt: noon(1) },
      { key: 'systolicBp', value: 150, measuredAt: noon(50), source: 'CLINIC' },
      { key: 'systolicBp', value: 135, measuredAt: noon(20), source: 'CLINIC' },
      { key: 'ldl', value: 131, measuredAt: noon(20), source: 'CLINIC' },
      { key: 'totalCholesterol', value: 205, measuredAt: noon(20), source: 'CLINIC' },
    ]);
    const { labs } = successData(await getTelemetry(participant.id), telemetrySchema);

    expect(labs.blood_pressure.systolic.HOME).toEqual({
      value: 128,
      unit: 'mm[Hg]',
      date: day(1),
      // 30-day windows: both home readings are in the current one, none before.
      insight: NOT_AVAILABLE_INSIGHT,
      plot_value: [
        { key: day(12), value: 140 },
        { key: day(1), value: 128 },
      ],
      total: 2,
      source_identifier: 'HOME',
    });
    expect(labs.blood_pressure.systolic.CLINIC).toMatchObject({
      value: 135,
      date: day(20),
      // 150 → 135 mmHg is a 10% fall in systolic pressure: good news.
      insight: { direction: 'DOWN', effect: 'GOOD' },
      total: 2,
      source_identifier: 'CLINIC',
    });
    expect(labs.blood_pressure.diastolic).toMatchObject({
      HOME: { value: 82, source_identifier: 'HOME' },
      CLINIC: null,
    });
    expect(labs.cholesterol.ldl).toMatchObject({ HOME: null, CLINIC: { value: 131 } });
    expect(labs.cholesterol.total).toMatchObject({ HOME: null, CLINIC: { value: 205 } });
    expect(labs.cholesterol.hdl).toEqual({ HOME: null, CLINIC: null });
    expect(labs.cholesterol.triglycerides).toEqual({ HOME: null, CLINIC: null });
  });

  it('average glucose is derived from HbA1c with round(HbA1c × 28.7 − 46.7)', async () => {
    expect(averageGlucoseFromHba1c(7)).toBe(154);
    expect(averageGlucoseFromHba1c(5.7)).toBe(117);
    expect(averageGlucoseFromHba1c(6.5)).toBe(140);
    expect(averageGlucoseFromHba1c(9.1)).toBe(214);
    expect(averageGlucoseFromHba1c(5)).toBe(97);
    expect(averageGlucoseFromHba1c(4)).toBe(68);

    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      { key: 'hba1c', value: 7.4, measuredAt: noon(48), source: 'CLINIC' },
      { key: 'hba1c', value: 7, measuredAt: noon(20), source: 'CLINIC' },
    ]);
    const { labs } = successData(await getTelemetry(participant.id), telemetrySchema);
    expect(labs.blood_glucose.hba1c).toMatchObject({
      HOME: null,
      CLINIC: { value: 7, unit: '%', date: day(20), total: 2 },
    });
    expect(labs.blood_glucose.avg_glucose.HOME).toBeNull();
    expect(labs.blood_glucose.avg_glucose.CLINIC).toMatchObject({
      value: 154,
      unit: 'mg/dL',
      date: day(20),
      insight: { direction: 'DOWN', effect: 'GOOD' },
      plot_value: [
        { key: day(48), value: averageGlucoseFromHba1c(7.4) },
        { key: day(20), value: 154 },
      ],
    });
  });

  it('minimum glucose is the lowest reading of the 30 days up to the latest one', async () => {
    const participant = await createParticipant(testApp.db);
    await createMeasurements(testApp.db, participant.id, [
      // Lower, but more than 30 days before the latest reading.
      { key: 'glucose', value: 70, measuredAt: noon(40) },
      { key: 'glucose', value: 95, measuredAt: noon(25) },
      { key: 'glucose', value: 88, measuredAt: noon(10) },
      { key: 'glucose', value: 88, measuredAt: noon(3) },
      { key: 'glucose', value: 110, measuredAt: noon(1) },
      { key: 'glucose', value: 101, measuredAt: noon(5), source: 'CLINIC' },
    ]);
    const { labs } = successData(await getTelemetry(participant.id), telemetrySchema);
    expect(labs.blood_glucose.glucose_min.HOME).toMatchObject({
      value: 88,
      unit: 'mg/dL',
      // The later of two equal lows.
      date: day(3),
      total: 5,
      source_identifier: 'HOME',
    });
    expect(labs.blood_glucose.glucose_min.CLINIC).toMatchObject({ value: 101, date: day(5) });
  });
});

describe('who may read telemetry', () => {
  it('an unknown participant and a staff member’s id are the same 404', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id, clinician.user.id]) {
      const envelope = failure(await getTelemetry(id), 404, 'NOT_FOUND');
      expect(envelope._error).toBe(PARTICIPANT_ERRORS.notFound(id));
    }
  });

  it('a missing or malformed user_id is a 400 sentence', async () => {
    for (const bad of ['', 'abc', '-1', '0', '1.5', '1e3', '99999999999']) {
      const envelope = failure(await getTelemetry(bad), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toMatch(/user_id/);
    }
    failure(
      await callApi(testApp, 'GET', API_PATHS.user.telemetry, clinician.access_token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('administrators are refused with 403 and anonymous callers with 401', async () => {
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getTelemetry(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await getTelemetry(participant.id, null), 401, 'UNAUTHENTICATED');
  });
});
