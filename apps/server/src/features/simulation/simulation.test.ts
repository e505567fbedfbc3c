import { and, asc, count, eq, max, min } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { painLogSchema } from '@recovery-portal/contract/pain';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  enrollResponseSchema,
  simulationEnrolmentOrNullSchema,
  simulationStateSchema,
} from '@recovery-portal/contract/simulation';
import { surgeryListSchema, surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import { telemetrySchema } from '@recovery-portal/contract/telemetry';
import { activityTrendSchema, trendResponseSchema } from '@recovery-portal/contract/trends';
import { participantStats } from '#app/db/schema/activity';
import { digitalTwins } from '#app/db/schema/digital-twin';
import { imagingFiles } from '#app/db/schema/imaging';
import { measurements } from '#app/db/schema/measurements';
import { nudges } from '#app/db/schema/nudges';
import { painLogs } from '#app/db/schema/pain';
import { simulationEnrolments, simulationState } from '#app/db/schema/simulation';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createDigitalTwin,
  createMeasurements,
  createParticipant,
  createSimulationPrograms,
  createStaff,
  createSurgery,
} from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import { simulationRunDateFor } from '#app/core/simulation-run-date';
import { DAY_MS } from '#app/core/days';

/**
 * The simulation's pinned run date, ten days before the pinned test clock: the programme runs up
 * to it, so it must lie in the past whatever day the suite runs on.
 */
const runDateMs = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
/** The day `offset` days from the run date, as YYYY-MM-DD. */
const runDay = (offset = 0) => new Date(runDateMs + offset * DAY_MS).toISOString().slice(0, 10);

const testApp = useTestApp();
let clinician: LoggedInStaff;
let programIds: Map<string, number>;

beforeEach(async () => {
  await testApp.reset();
  programIds = new Map((await createSimulationPrograms(testApp.db)).map((p) => [p.code, p.id]));
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const today = () => new Date().toISOString().slice(0, 10);
const knee = () => programIds.get('KNEE_REPLACEMENT_12W') ?? 0;

const getState = (token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', API_PATHS.simulation.state, token);
const getProgram = (userId: number | string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.simulation.program}?user_id=${userId}`, token);
const enroll = (body: Record<string, unknown>, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', API_PATHS.simulation.enroll, token, body);

async function countRows(
  table: typeof measurements | typeof nudges | typeof painLogs | typeof surveyResponses,
  userId: number,
) {
  const [row] = await testApp.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return Number(row?.n ?? 0);
}

describe('simulation', () => {
  it('answers the run date (today unless pinned) and the programmes', async () => {
    const state = successData(await getState(), simulationStateSchema);
    expect(state.current_run_date).toBe(today());
    expect(state.programs.map((p) => p.code)).toEqual([
      'KNEE_REPLACEMENT_12W',
      'HIP_REPLACEMENT_12W',
      'CARDIAC_REHAB_12W',
    ]);
    expect(state.programs[0]).toMatchObject({
      name: 'Knee replacement recovery (12 weeks)',
      duration_days: 84,
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    await testApp.db.insert(simulationState).values({ id: 1, currentRunDate: runDay() });
    expect(successData(await getState(), simulationStateSchema).current_run_date).toBe(runDay());
  });

  it('the run date and programmes: the session check, then one statement with the audit row', async () => {
    await testApp.db.insert(simulationState).values({ id: 1, currentRunDate: runDay() });
    let response = await getState();
    const sent = await statementsOf(testApp, async () => {
      response = await getState();
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const state = successData(response, simulationStateSchema);
    expect(state.current_run_date).toBe(runDay());
    expect(state.programs).toHaveLength(3);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.simulationStateView,
        subjectType: null,
        subjectId: null,
        details: null,
      },
    ]);
  });

  it('enrolling a Demo participant generates their programme up to the run date', async () => {
    await testApp.db.insert(simulationState).values({ id: 1, currentRunDate: runDay() });
    const participant = await createParticipant(testApp.db, { participantType: 'Demo' });
    // Data from the demo seed is replaced, not duplicated (the twin allows one row).
    await createDigitalTwin(testApp.db, participant.id, { seeded: true });
    await createMeasurements(testApp.db, participant.id, [
      { key: 'steps', value: 1, measuredAt: new Date(`${runDay(-245)}T10:00:00Z`) },
    ]);
    expect(
      successData(await getProgram(participant.id), simulationEnrolmentOrNullSchema),
    ).toBeNull();

    const result = successData(
      await enroll({ user_id: participant.id, program_id: knee() }),
      enrollResponseSchema,
    );
    expect(result.message).toBe(
      'Enrolled in "Knee replacement recovery (12 weeks)"; the programme data is ready.',
    );
    expect(result.enrolment).toMatchObject({
      user_id: participant.id,
      program: { id: knee(), code: 'KNEE_REPLACEMENT_12W' },
      current_run_date: runDay(),
      // Half-way through the 84-day programme.
      surgery_date: runDay(-42),
    });
    expect(result.enrolment.start_date < result.enrolment.surgery_date).toBe(true);
    for (const kind of [
      'measurements',
      'activity',
      'nudges',
      'conversations',
      'survey_responses',
      'pain_logs',
    ] as const) {
      expect(result.generated[kind], kind).toBeGreaterThan(0);
    }

    // Telemetry runs from the programme start to the day before the run date, and no further.
    const [span] = await testApp.db
      .select({ first: min(measurements.measuredAt), last: max(measurements.measuredAt) })
      .from(measurements)
      .where(eq(measurements.userId, participant.id));
    expect(span?.first?.toISOString().slice(0, 10)).toBe(result.enrolment.start_date);
    const lastDay = span?.last?.toISOString().slice(0, 10) ?? '';
    expect(lastDay >= runDay(-4) && lastDay <= runDay(-1), lastDay).toBe(true);
    expect(await countRows(measurements, participant.id)).toBe(result.generated.measurements);
    expect(await countRows(nudges, participant.id)).toBe(result.generated.nudges);
    expect(await countRows(painLogs, participant.id)).toBe(result.generated.pain_logs);
    expect(await countRows(surveyResponses, participant.id)).toBe(
      result.generated.survey_responses,
    );
    const [twin] = await testApp.db
      .select()
      .from(digitalTwins)
      .where(eq(digitalTwins.userId, participant.id));
    expect(twin?.data).not.toEqual({ seeded: true });

    // The surgery the programme follows is on record, and the stats are fresh.
    const [surgery] = await testApp.db
      .select()
      .from(surgeries)
      .where(eq(surgeries.userId, participant.id));
    expect(surgery).toMatchObject({
      id: result.enrolment.surgery_id,
      surgeryDate: runDay(-42),
      createdBy: null,
    });
    expect(['TOTAL_KNEE_REPLACEMENT', 'PARTIAL_KNEE_REPLACEMENT']).toContain(surgery?.procedure);
    const [stats] = await testApp.db
      .select()
      .from(participantStats)
      .where(eq(participantStats.userId, participant.id));
    expect(stats?.lastAppOpen).not.toBeNull();

    expect(successData(await getProgram(participant.id), simulationEnrolmentOrNullSchema)).toEqual(
      result.enrolment,
    );
    // The telemetry and trend calls read this participant as of the run date.
    expect(await simulationRunDateFor(testApp.db, participant.id)).toBe(runDay());
    const telemetry = successData(
      await callApi(
        testApp,
        'GET',
        `${API_PATHS.user.telemetry}?user_id=${participant.id}`,
        clinician.access_token,
      ),
      telemetrySchema,
    );
    expect(telemetry.current_run_date).toBe(runDay());
    expect(telemetry.pain).not.toBeNull();
    const pain = successData(
      await callApi(testApp, 'POST', API_PATHS.trend.bodyPain, clinician.access_token, {
        user_id: participant.id,
      }),
      trendResponseSchema,
    );
    expect(pain.date).toBe(runDay());
    expect(pain.plot_value.length).toBeGreaterThan(0);
    const activity = successData(
      await callApi(testApp, 'POST', API_PATHS.trend.activity, clinician.access_token, {
        user_id: participant.id,
      }),
      activityTrendSchema,
    );
    expect(activity.date).toBe(runDay());
    // An explicit date_string still wins.
    const explicit = successData(
      await callApi(testApp, 'POST', API_PATHS.trend.mood, clinician.access_token, {
        user_id: participant.id,
        date_string: runDay(-17),
      }),
      trendResponseSchema,
    );
    expect(explicit.date).toBe(runDay(-17));
  });

  it('enrolling replaces the surgery and pain reports the demo seed generated, and keeps what clinicians entered', async () => {
    await testApp.db.insert(simulationState).values({ id: 1, currentRunDate: runDay() });
    const participant = await createParticipant(testApp.db, { participantType: 'Demo' });
    // As the demo seed writes them: the plan's surgery without a creator (dated after the
    // programme's, so it would stay the latest surgery) and the pain check-ins as pain reports.
    await createSurgery(testApp.db, participant.id, { surgeryDate: runDay(-12) });
    const seededWithImage = await createSurgery(testApp.db, participant.id, {
      surgeryDate: runDay(-244),
    });
    const checkIns = [
      { score: 6, recordedAt: new Date(`${runDay(-11)}T08:00:00Z`) },
      { score: 4, recordedAt: new Date(`${runDay(-10)}T08:00:00Z`) },
    ];
    await createMeasurements(
      testApp.db,
      participant.id,
      checkIns.map((c) => ({ key: 'painScore', value: c.score, measuredAt: c.recordedAt })),
    );
    await testApp.db.insert(painLogs).values(
      checkIns.map((c) => ({
        userId: participant.id,
        ...c,
        bodySite: 'LEFT_KNEE' as const,
        source: 'PARTICIPANT' as const,
      })),
    );
    // A clinician uploaded an image for an older seeded surgery, and recorded a surgery and pain.
    const [image] = await testApp.db
      .insert(imagingFiles)
      .values({
        userId: participant.id,
        surgeryId: seededWithImage.id,
        originalName: 'knee-xray.dcm',
        contentSha256: 'a'.repeat(64),
        sizeBytes: 2048,
        uploadedBy: clinician.user.id,
      })
      .returning({ id: imagingFiles.id });
    const clinicianSurgery = successData(
      await callApi(testApp, 'POST', API_PATHS.surgery.surgery, clinician.access_token, {
        user_id: participant.id,
        procedure: 'TOTAL_HIP_REPLACEMENT',
        side: 'RIGHT',
        surgery_date: runDay(-628),
        surgeon: 'Dr Okafor',
        hospital: 'Northfield General Hospital',
        notes: null,
      }),
      surgeryMutationSchema,
    ).surgery;
    const clinicianPain = successData(
      await callApi(testApp, 'POST', API_PATHS.pain.report, clinician.access_token, {
        user_id: participant.id,
        score: 9,
        recorded_at: `${runDay(-11)}T10:00:00Z`,
        body_site: 'RIGHT_HIP',
        note: 'Recorded at the clinic.',
      }),
      painLogSchema,
    );

    const result = successData(
      await enroll({ user_id: participant.id, program_id: knee() }),
      enrollResponseSchema,
    );

    // The programme's surgery replaces the newer seeded one and is the latest.
    const listed = successData(
      await callApi(
        testApp,
        'GET',
        `${API_PATHS.surgery.list}?user_id=${participant.id}`,
        clinician.access_token,
      ),
      surgeryListSchema,
    );
    // A generated surgery with a clinician's image stays with it: the image is of that procedure.
    expect(listed.map((s) => s.id)).toEqual([
      result.enrolment.surgery_id,
      seededWithImage.id,
      clinicianSurgery.id,
    ]);
    expect(listed[0]).toMatchObject({ surgery_date: runDay(-42), image_count: 0 });
    expect(listed[1]).toMatchObject({ surgery_date: runDay(-244), image_count: 1 });
    expect(listed[2]).toEqual(clinicianSurgery);
    const images = await testApp.db
      .select({ id: imagingFiles.id, surgeryId: imagingFiles.surgeryId })
      .from(imagingFiles)
      .where(eq(imagingFiles.userId, participant.id));
    expect(images).toEqual([{ id: image?.id, surgeryId: seededWithImage.id }]);

    // Pain reports: the clinician's, and one per regenerated pain check-in - no stale ones.
    const painCheckIns = await testApp.db
      .select({ value: measurements.value, measuredAt: measurements.measuredAt })
      .from(measurements)
      .where(
        and(
          eq(measurements.userId, participant.id),
          eq(measurements.code, MEASUREMENT_TYPES.painScore.code),
        ),
      )
      .orderBy(asc(measurements.measuredAt));
    expect(painCheckIns.length).toBeGreaterThan(checkIns.length);
    const regenerated = painCheckIns.map((m) => ({
      score: Math.round(m.value),
      recordedAt: m.measuredAt,
    }));
    const reports = await testApp.db
      .select({
        id: painLogs.id,
        score: painLogs.score,
        recordedAt: painLogs.recordedAt,
        source: painLogs.source,
      })
      .from(painLogs)
      .where(eq(painLogs.userId, participant.id))
      .orderBy(asc(painLogs.recordedAt), asc(painLogs.id));
    expect(reports.filter((r) => r.source === 'CLINICIAN').map((r) => r.id)).toEqual([
      clinicianPain.id,
    ]);
    const generated = reports.filter((r) => r.source !== 'CLINICIAN');
    expect(new Set(generated.map((r) => r.source))).toEqual(new Set(['SIMULATION']));
    expect(generated.map(({ score, recordedAt }) => ({ score, recordedAt }))).toEqual(regenerated);
    expect(generated).toHaveLength(result.generated.pain_logs);
  });

  it('enrolling twice, or a participant who is not Demo, is a 409 sentence', async () => {
    const demo = await createParticipant(testApp.db, { participantType: 'Demo' });
    successData(await enroll({ user_id: demo.id, program_id: knee() }), enrollResponseSchema);
    const twice = failure(
      await enroll({ user_id: demo.id, program_id: programIds.get('HIP_REPLACEMENT_12W') }),
      409,
      'CONFLICT',
    );
    expect(twice._error).toBe(
      'This participant is already enrolled in the simulation programme "Knee replacement recovery (12 weeks)".',
    );
    for (const participantType of ['Internal', 'Pilot'] as const) {
      const participant = await createParticipant(testApp.db, { participantType });
      const envelope = failure(
        await enroll({ user_id: participant.id, program_id: knee() }),
        409,
        'CONFLICT',
      );
      expect(envelope._error).toBe(
        'Only Demo participants can be enrolled in a simulation programme; change the participant type to Demo first.',
      );
      expect(await countRows(measurements, participant.id)).toBe(0);
    }
    // A Demo participant who became Internal is read as of today again.
    expect(await simulationRunDateFor(testApp.db, demo.id)).toBe(today());
    await testApp.db
      .update(users)
      .set({ participantType: 'Internal' })
      .where(eq(users.id, demo.id));
    expect(await simulationRunDateFor(testApp.db, demo.id)).toBeNull();
  });

  it('bad bodies are 400; unknown participants and programmes 404; other roles 403/401', async () => {
    const demo = await createParticipant(testApp.db, { participantType: 'Demo' });
    const staff = await createStaff(testApp.db);
    failure(await enroll({ user_id: demo.id }), 400, 'VALIDATION_ERROR');
    const badProgram = failure(
      await enroll({ user_id: demo.id, program_id: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badProgram._error).toContain('program_id must be a positive whole number.');
    const missing = failure(
      await enroll({ user_id: demo.id, program_id: 999_999 }),
      404,
      'NOT_FOUND',
    );
    expect(missing._error).toBe('There is no simulation programme with id 999999.');
    failure(await enroll({ user_id: 987_654, program_id: knee() }), 404, 'NOT_FOUND');
    failure(await enroll({ user_id: staff.id, program_id: knee() }), 404, 'NOT_FOUND');
    failure(await getProgram(987_654), 404, 'NOT_FOUND');
    failure(await getProgram('abc'), 400, 'VALIDATION_ERROR');

    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getState(admin.access_token), 403, 'FORBIDDEN');
    failure(await getState(null), 401, 'UNAUTHENTICATED');
    failure(await getProgram(demo.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await getProgram(demo.id, null), 401, 'UNAUTHENTICATED');
    failure(
      await enroll({ user_id: demo.id, program_id: knee() }, admin.access_token),
      403,
      'FORBIDDEN',
    );
    failure(await enroll({ user_id: demo.id, program_id: knee() }, null), 401, 'UNAUTHENTICATED');
    expect(await countRows(measurements, demo.id)).toBe(0);
  });
});

describe("a participant's enrolment: two round trips", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const viewed = (participantId: number) => ({
    action: AUDIT_ACTIONS.participantSimulationView,
    subjectType: 'participant',
    subjectId: participantId,
    details: null,
  });

  it('sends the session check, then one statement that reads the enrolment and writes the audit row', async () => {
    const participant = await createParticipant(testApp.db, { participantType: 'Demo' });
    const surgery = await createSurgery(testApp.db, participant.id);
    const [enrolment] = await testApp.db
      .insert(simulationEnrolments)
      .values({
        userId: participant.id,
        programId: knee(),
        surgeryId: surgery.id,
        startDate: runDay(-40),
        surgeryDate: runDay(-20),
        currentRunDate: runDay(),
      })
      .returning();
    let response = await getProgram(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await getProgram(participant.id);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, simulationEnrolmentOrNullSchema)).toEqual({
      program: expect.objectContaining({ id: knee(), code: 'KNEE_REPLACEMENT_12W' }) as unknown,
      user_id: participant.id,
      enrolled_at: enrolment?.enrolledAt.toISOString(),
      start_date: runDay(-40),
      surgery_date: runDay(-20),
      surgery_id: surgery.id,
      current_run_date: runDay(),
    });
    expect(await auditedReadsOf(testApp.db, response)).toEqual([viewed(participant.id)]);
  });

  it('a participant never enrolled answers null, audited', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await getProgram(participant.id);
    expect(successData(response, simulationEnrolmentOrNullSchema)).toBeNull();
    expect(await auditedReadsOf(testApp.db, response)).toEqual([viewed(participant.id)]);
  });

  it('an unknown participant and a staff id are 404s with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const response = await getProgram(id);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      const rows = await auditedReadsOf(testApp.db, response);
      expect(rows.map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});
