import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  allowDemoModeResponseSchema,
  demoConversationListSchema,
  parseChatThreads,
  parseConversationMarkers,
  participantProfileSchema,
  PROFILE_MESSAGES,
  profileConversationListSchema,
  profileNudgeListSchema,
} from '@recovery-portal/contract/profile';
import { participantStats } from '#app/db/schema/activity';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createClinicalRecord,
  createConversation,
  createMeasurements,
  createNudge,
  createParticipant,
  createStaff,
} from '#app/test/factories';
import { callApi, seedGroups, type HttpMethod } from '#app/test/participant-fixtures';
import { addDays, todayUtc } from '#app/core/days';
import { ageOn } from './profile.service';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const as = (method: HttpMethod, url: string, body?: unknown) =>
  callApi(testApp, method, url, clinician.access_token, body);
const today = todayUtc();
const noon = (daysAgo: number) => new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);

async function auditActions(subjectId: number) {
  const rows = await testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.actorId, clinician.user.id)));
  return rows.map((row) => row.action);
}

describe('participant profile', () => {
  it('age counts whole years, turning on the birthday itself', () => {
    expect(ageOn('1960-03-15', '2025-03-14')).toBe(64);
    expect(ageOn('1960-03-15', '2025-03-15')).toBe(65);
    expect(ageOn('1960-02-29', '2025-02-28')).toBe(64);
    expect(ageOn('1960-02-29', '2025-03-01')).toBe(65);
    expect(ageOn(null, '2025-03-01')).toBeNull();
  });

  it('a clinician sees every profile field of the spec, from stored data', async () => {
    const groups = await seedGroups(testApp.db, ['Knee Recovery']);
    const participant = await createParticipant(testApp.db, {
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.org',
      participantType: 'Pilot',
    });
    const birthDate = addDays(today, -(70 * 365 + 30));
    await testApp.db
      .update(users)
      .set({
        birthDate,
        gender: 'Female',
        heightCm: 165,
        groupId: groups.get('Knee Recovery'),
        phoneNumber: '+44 20 7946 0958',
        tracker: 'Fitbit',
        allowDemoMode: true,
      })
      .where(eq(users.id, participant.id));
    const lastAppOpen = noon(1);
    await testApp.db.insert(participantStats).values({
      userId: participant.id,
      lastAppOpen,
      activeSessionCount: 5,
      coachChatCount: 2,
      coachCallCount: 1,
      nudgeOpenCount: 4,
    });
    await createMeasurements(testApp.db, participant.id, [
      { key: 'weight', value: 80.4, measuredAt: noon(9) },
      { key: 'weight', value: 79.6, measuredAt: noon(2), source: 'CLINIC' },
      { key: 'bmi', value: 29.2397, measuredAt: noon(2), source: 'CLINIC' },
      { key: 'steps', value: 3000, measuredAt: noon(1) },
    ]);
    await createConversation(testApp.db, participant.id, {
      endedAt: noon(10),
      nextBestAction: 'Old advice',
      nextVisitDate: addDays(today, 3),
    });
    await createConversation(testApp.db, participant.id, {
      endedAt: noon(1),
      nextBestAction: 'Walk 10 minutes after lunch',
      nextVisitDate: addDays(today, 14),
    });
    await createClinicalRecord(testApp.db, participant.id, {
      category: 'MEDICATION',
      title: 'Metformin 500 mg',
      detail: 'Active',
      recordedOn: '2024-01-10',
    });
    await createClinicalRecord(testApp.db, participant.id, {
      category: 'MEDICATION',
      title: 'Atorvastatin 20 mg',
      detail: null,
      recordedOn: '2024-06-01',
    });
    await createClinicalRecord(testApp.db, participant.id, {
      category: 'ALLERGY',
      title: 'Penicillin',
      detail: 'Rash',
    });

    const profile = successData(
      await as('GET', API_PATHS.user.profile(participant.id)),
      participantProfileSchema,
    );
    expect(profile).toEqual({
      id: participant.id,
      first_name: 'Maria',
      last_name: 'Lopez',
      user_name: 'maria@example.org',
      age: 70,
      birth_date: birthDate,
      mrn: null,
      gender: 'Female',
      height: 165,
      weight: 79.6,
      weight_date: addDays(today, -2),
      bmi: 29.24,
      bmi_date: addDays(today, -2),
      user_type: 'Pilot',
      group: 'Knee Recovery',
      group_id: groups.get('Knee Recovery'),
      phone_number: '+44 20 7946 0958',
      status: 'ACTIVATED',
      allow_demo_mode: true,
      tracker_connected: 'Fitbit',
      last_app_open: lastAppOpen.toISOString(),
      active_session_count: 5,
      coach_chat_count: 2,
      coach_call_count: 1,
      nudge_open_count: 4,
      invited_on: expect.any(String),
      joined_on: expect.any(String),
      next_best_action: 'Walk 10 minutes after lunch',
      next_visit_date: addDays(today, 14),
      data_last_received_at: noon(1).toISOString(),
      clinical_records: {
        LAB_RESULT: [],
        MEDICATION: [
          { title: 'Atorvastatin 20 mg', detail: null, recorded_on: '2024-06-01' },
          { title: 'Metformin 500 mg', detail: 'Active', recorded_on: '2024-01-10' },
        ],
        ALLERGY: [{ title: 'Penicillin', detail: 'Rash', recorded_on: null }],
        ED_VISIT: [],
        CONSULT: [],
        HOSPITALIZATION: [],
      },
    });
    expect(await auditActions(participant.id)).toEqual(['participant.profile.view']);
  });

  it('a participant with nothing recorded has nulls and empty cards, not invented values', async () => {
    const participant = await createParticipant(testApp.db, { status: 'PENDING_ACTIVATION' });
    const profile = successData(
      await as('GET', API_PATHS.user.profile(participant.id)),
      participantProfileSchema,
    );
    expect(profile).toMatchObject({
      age: null,
      gender: null,
      height: null,
      weight: null,
      weight_date: null,
      bmi: null,
      bmi_date: null,
      group: null,
      last_app_open: null,
      active_session_count: null,
      next_best_action: null,
      next_visit_date: null,
      data_last_received_at: null,
      status: 'PENDING_ACTIVATION',
    });
    expect(Object.values(profile.clinical_records).every((list) => list.length === 0)).toBe(true);
  });

  it('unknown and staff ids are the same 404; malformed ids 400; other roles 403/401', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const envelope = failure(await as('GET', API_PATHS.user.profile(id)), 404, 'NOT_FOUND');
      expect(envelope._error).toBe(PARTICIPANT_ERRORS.notFound(id));
    }
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      failure(await as('GET', API_PATHS.user.profile(bad)), 400, 'VALIDATION_ERROR');
    }
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const url = API_PATHS.user.profile(participant.id);
    failure(await callApi(testApp, 'GET', url, admin.access_token), 403, 'FORBIDDEN');
    failure(await callApi(testApp, 'GET', url, null), 401, 'UNAUTHENTICATED');
  });
});

describe('editing a participant (PATCH /api/user/update)', () => {
  const update = (body: unknown, token = clinician.access_token) =>
    callApi(testApp, 'PATCH', API_PATHS.user.update, token, body);

  it('a clinician edits name, phone, gender, birth date, height and group', async () => {
    const groups = await seedGroups(testApp.db, ['CZ', 'Cardiac Rehab']);
    const participant = await createParticipant(testApp.db);
    const profile = successData(
      await update({
        id: participant.id,
        name: '  Ana  Maria Silva ',
        phone_number: '+1 555 0100',
        gender: 'Female',
        birth_date: '1958-07-01',
        height_cm: 162.5,
        group: 'cardiac rehab',
      }),
      participantProfileSchema,
    );
    expect(profile).toMatchObject({
      id: participant.id,
      first_name: 'Ana',
      last_name: 'Maria Silva',
      phone_number: '+1 555 0100',
      gender: 'Female',
      birth_date: '1958-07-01',
      height: 162.5,
      group: 'Cardiac Rehab',
      group_id: groups.get('Cardiac Rehab'),
    });
    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'participant.update'), eq(auditLog.subjectId, participant.id)),
      );
    expect(audit?.details).toMatchObject({
      changed: [
        'first_name',
        'last_name',
        'phone_number',
        'gender',
        'birth_date',
        'height_cm',
        'group',
      ],
    });

    const cleared = successData(
      await update({
        id: participant.id,
        phone_number: '',
        gender: null,
        birth_date: '',
        height_cm: null,
        group: groups.get('CZ'),
      }),
      participantProfileSchema,
    );
    expect(cleared).toMatchObject({
      first_name: 'Ana',
      phone_number: null,
      gender: null,
      birth_date: null,
      age: null,
      height: null,
      group: 'CZ',
    });
  });

  it('invalid fields are refused with 400, an unknown group with 422, and nothing changes', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Keep' });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: participant.id }, PROFILE_MESSAGES.nothingToChange],
      [{ id: participant.id, name: '9 Lives' }, MESSAGES.validation.nameStartsWithDigit],
      [{ id: participant.id, gender: 'Robot' }, 'Gender must be one of'],
      [{ id: participant.id, birth_date: '2999-01-01' }, PROFILE_MESSAGES.birthDateInvalid],
      [{ id: participant.id, birth_date: '1950-02-30' }, PROFILE_MESSAGES.birthDateInvalid],
      [{ id: participant.id, height_cm: 900 }, PROFILE_MESSAGES.heightInvalid],
      [{ id: participant.id, height_cm: '170' }, PROFILE_MESSAGES.heightInvalid],
      [{ id: participant.id, phone_number: 'call me' }, PARTICIPANT_ERRORS.phoneInvalid],
      [{ id: 'abc', name: 'Fine' }, 'id'],
    ];
    for (const [body, message] of cases) {
      const envelope = failure(await update(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(message);
    }
    failure(await update({ id: participant.id, group: 'Nowhere' }), 422, 'UNPROCESSABLE');
    const [row] = await testApp.db.select().from(users).where(eq(users.id, participant.id));
    expect(row).toMatchObject({ firstName: 'Keep', groupId: null, heightCm: null });
  });

  it('a clinician cannot edit staff (403); an unknown id is a 404', async () => {
    const staff = await createStaff(testApp.db, { firstName: 'Staff' });
    failure(await update({ id: staff.id, name: 'Changed' }), 403, 'FORBIDDEN');
    failure(await update({ id: clinician.user.id, name: 'Me' }), 403, 'FORBIDDEN');
    const envelope = failure(await update({ id: 987_654, name: 'Nobody' }), 404, 'NOT_FOUND');
    expect(envelope._error).toBe(PARTICIPANT_ERRORS.notFound(987_654));
    const [row] = await testApp.db.select().from(users).where(eq(users.id, staff.id));
    expect(row?.firstName).toBe('Staff');
  });

  it('administrators still edit clinicians’ names through the same call, and never participants', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const staff = await createStaff(testApp.db);
    const participant = await createParticipant(testApp.db, { firstName: 'Untouched' });
    const updated = successData(
      await update({ id: staff.id, name: 'Grace Hopper' }, admin.access_token),
      clinicianSchema,
    );
    expect(updated).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    failure(
      await update({ id: participant.id, name: 'Changed' }, admin.access_token),
      404,
      'NOT_FOUND',
    );
    failure(
      await update({ id: staff.id, phone_number: '+1 555 0100' }, admin.access_token),
      400,
      'VALIDATION_ERROR',
    );
    failure(
      await callApi(testApp, 'PATCH', API_PATHS.user.update, null, {
        id: participant.id,
        name: 'X',
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('demo mode', () => {
  const setDemo = (body: unknown, token: string | null = clinician.access_token) =>
    callApi(testApp, 'PATCH', API_PATHS.user.updateAllowDemoMode, token, body);

  it('a clinician turns demo mode on and off; the profile shows it', async () => {
    const participant = await createParticipant(testApp.db);
    expect(
      successData(
        await setDemo({ user_id: participant.id, allow_demo_mode: true }),
        allowDemoModeResponseSchema,
      ),
    ).toEqual({ user_id: participant.id, allow_demo_mode: true });
    const profile = successData(
      await as('GET', API_PATHS.user.profile(participant.id)),
      participantProfileSchema,
    );
    expect(profile.allow_demo_mode).toBe(true);
    successData(
      await setDemo({ user_id: participant.id, allow_demo_mode: false }),
      allowDemoModeResponseSchema,
    );
    const [row] = await testApp.db.select().from(users).where(eq(users.id, participant.id));
    expect(row?.allowDemoMode).toBe(false);
    expect(await auditActions(participant.id)).toContain('participant.demo_mode.update');
  });

  it('bad bodies are 400, unknown and staff ids 404, other roles 403/401', async () => {
    const participant = await createParticipant(testApp.db);
    for (const body of [
      { user_id: participant.id },
      { user_id: participant.id, allow_demo_mode: 'yes' },
      { user_id: 'x', allow_demo_mode: true },
      { allow_demo_mode: true },
    ]) {
      failure(await setDemo(body), 400, 'VALIDATION_ERROR');
    }
    const staff = await createStaff(testApp.db);
    failure(await setDemo({ user_id: staff.id, allow_demo_mode: true }), 404, 'NOT_FOUND');
    failure(await setDemo({ user_id: 987_654, allow_demo_mode: true }), 404, 'NOT_FOUND');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const body = { user_id: participant.id, allow_demo_mode: true };
    failure(await setDemo(body, admin.access_token), 403, 'FORBIDDEN');
    failure(await setDemo(body, null), 401, 'UNAUTHENTICATED');
  });
});

describe('nudges on the profile', () => {
  const getNudges = (userId: number | string, token: string | null = clinician.access_token) =>
    callApi(testApp, 'GET', `${API_PATHS.nudge.userNudges}?user_id=${userId}`, token);

  it('come in ascending target date with feedback as a string, only the participant’s own', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const late = await createNudge(testApp.db, participant.id, {
      title: 'Late',
      targetDate: '2025-03-10',
      sendTime: '18:30',
      feedbackType: 'THUMBS_DOWN',
    });
    const early = await createNudge(testApp.db, participant.id, {
      title: 'Early',
      content: 'Stretch',
      targetDate: '2025-03-01',
      sendTime: '09:00',
      trackingType: 'COMPLETED',
      feedbackType: 'THUMBS_UP',
      openedAt: new Date('2025-03-01T09:05:00Z'),
    });
    const sameDay = await createNudge(testApp.db, participant.id, {
      title: 'Same day, earlier',
      targetDate: '2025-03-10',
      sendTime: '08:00',
    });
    await createNudge(testApp.db, other.id, { title: 'Not theirs' });

    const list = successData(await getNudges(participant.id), profileNudgeListSchema);
    expect(list.map((nudge) => nudge.id)).toEqual([early.id, sameDay.id, late.id]);
    expect(list[0]).toEqual({
      id: early.id,
      title: 'Early',
      content: 'Stretch',
      target_date: '2025-03-01',
      send_time: '09:00',
      tracking_type: 'COMPLETED',
      feedback_type: 'THUMBS_UP',
      feedback_type_string: 'THUMBS_UP',
      opened_at: '2025-03-01T09:05:00.000Z',
    });
    expect(list.map((nudge) => nudge.feedback_type_string)).toEqual([
      'THUMBS_UP',
      '',
      'THUMBS_DOWN',
    ]);
    expect(await auditActions(participant.id)).toEqual(['participant.nudges.view']);
  });

  it('a participant without nudges gets an empty list', async () => {
    const participant = await createParticipant(testApp.db);
    expect(successData(await getNudges(participant.id), profileNudgeListSchema)).toEqual([]);
  });

  it('bad, unknown and staff ids and wrong roles are refused', async () => {
    failure(await getNudges('abc'), 400, 'VALIDATION_ERROR');
    failure(
      await callApi(testApp, 'GET', API_PATHS.nudge.userNudges, clinician.access_token),
      400,
      'VALIDATION_ERROR',
    );
    failure(await getNudges(987_654), 404, 'NOT_FOUND');
    failure(await getNudges(clinician.user.id), 404, 'NOT_FOUND');
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getNudges(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await getNudges(participant.id, null), 401, 'UNAUTHENTICATED');
  });
});

describe('coach conversations on the profile', () => {
  const transcript = [
    { userId: COACH_USER_ID, message: 'How are you today?', sent_at: '2025-03-01T10:00:00Z' },
    { userId: 'participant', message: 'I had some chest pain last night.' },
  ];

  it('come newest first with markers and chat_threads as JSON text that parses back', async () => {
    const participant = await createParticipant(testApp.db);
    const older = await createConversation(testApp.db, participant.id, {
      endedAt: noon(5),
      summary: 'Older chat',
    });
    const newer = await createConversation(testApp.db, participant.id, {
      startedAt: new Date(noon(1).getTime() - 900_000),
      endedAt: noon(1),
      summary: 'Talked about chest pain and sleep',
      patientSummary: 'Reports chest pain at night.',
      markers: [{ content: 'chest pain', type: 'SAFETY' }, { content: 'poor sleep' }],
      transcript,
      nextBestAction: 'Call the clinic today',
      nextVisitDate: '2025-04-02',
    });
    const list = successData(
      await as('GET', API_PATHS.chat.chatList(participant.id)),
      profileConversationListSchema,
    );
    expect(list.map((c) => c.id)).toEqual([newer.id, older.id]);
    const [first] = list;
    expect(first).toMatchObject({
      chat_start_date: new Date(noon(1).getTime() - 900_000).toISOString(),
      chat_end_date: noon(1).toISOString(),
      summary: 'Talked about chest pain and sleep',
      patient_summary: 'Reports chest pain at night.',
      extract: 'chest pain, poor sleep',
      next_best_action: 'Call the clinic today',
      next_visit_date: '2025-04-02',
    });
    expect(typeof first?.markers).toBe('string');
    expect(parseConversationMarkers(first?.markers ?? '')).toEqual([
      { content: 'chest pain', type: 'SAFETY' },
      { content: 'poor sleep' },
    ]);
    expect(parseChatThreads(first?.chat_threads ?? '')).toEqual(transcript);
    expect(list[1]).toMatchObject({ markers: '[]', chat_threads: '[]', extract: '' });
  });

  it('the parse helpers never throw on malformed text', () => {
    expect(parseConversationMarkers('not json')).toEqual([]);
    expect(parseConversationMarkers('{"content":"x"}')).toEqual([]);
    expect(parseConversationMarkers('[{"content":"ok"},{"nope":1}]')).toEqual([{ content: 'ok' }]);
    expect(parseChatThreads('[{"userId":"Coach"}]')).toEqual([]);
  });

  it('a Demo participant’s conversations come oldest first with parsed lists; others are a 409', async () => {
    const demo = await createParticipant(testApp.db, { participantType: 'Demo' });
    const first = await createConversation(testApp.db, demo.id, { endedAt: noon(4) });
    const second = await createConversation(testApp.db, demo.id, {
      endedAt: noon(2),
      markers: [{ content: 'chest pain' }],
      transcript,
    });
    const list = successData(
      await as('GET', API_PATHS.chat.allConversationsDemo(demo.id)),
      demoConversationListSchema,
    );
    expect(list.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list[1]).toMatchObject({ markers: [{ content: 'chest pain' }], transcript });

    const internal = await createParticipant(testApp.db, { participantType: 'Internal' });
    const envelope = failure(
      await as('GET', API_PATHS.chat.allConversationsDemo(internal.id)),
      409,
      'CONFLICT',
    );
    expect(envelope._error).toBe(PROFILE_MESSAGES.notDemo);
  });

  it('bad, unknown and staff ids and wrong roles are refused', async () => {
    for (const path of [API_PATHS.chat.chatList, API_PATHS.chat.allConversationsDemo]) {
      failure(await as('GET', path('abc')), 400, 'VALIDATION_ERROR');
      failure(await as('GET', path(987_654)), 404, 'NOT_FOUND');
      failure(await as('GET', path(clinician.user.id)), 404, 'NOT_FOUND');
      const participant = await createParticipant(testApp.db, { participantType: 'Demo' });
      const admin = await loginAs(testApp, 'ADMINISTRATOR');
      failure(
        await callApi(testApp, 'GET', path(participant.id), admin.access_token),
        403,
        'FORBIDDEN',
      );
      failure(await callApi(testApp, 'GET', path(participant.id), null), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('API docs', () => {
  it('every participant-details call is described in the OpenAPI document', async () => {
    // The docs are for signed-in staff (API_DOCS_PUBLIC is off by default).
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user/id/{id}',
        '/api/user/id/{id}/trend',
        API_PATHS.user.telemetry,
        API_PATHS.user.update,
        API_PATHS.user.updateAllowDemoMode,
        API_PATHS.user.markerSegmentLive,
        API_PATHS.user.markers,
        API_PATHS.nudge.userNudges,
        API_PATHS.nudge.surveyResponses,
        '/api/chat/getchatlist/{id}',
        '/api/chat/getallconversations/{id}/demo',
        '/api/chat/get-user-object-nursery/{id}',
        API_PATHS.surgery.adherence,
        ...Object.values(API_PATHS.trend),
      ]),
    );
  });
});
