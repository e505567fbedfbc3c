import type { Bundle, Communication, Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import { adherenceListSchema } from '@recovery-portal/contract/adherence';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import { coachListResponseSchema } from '@recovery-portal/contract/coach';
import { participantFlagListSchema } from '@recovery-portal/contract/flags';
import { outcomeTrendsSchema } from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantProfileSchema } from '@recovery-portal/contract/profile';
import { surveyResponseListSchema } from '@recovery-portal/contract/survey-responses';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '#app/core/days';
import { ensureSurveys, type StoredSurvey } from '#app/core/surveys/programme-surveys';
import { scoreResponse } from '#app/core/surveys/instruments/index';
import { auditLog } from '#app/db/schema/audit';
import { coachMessages } from '#app/db/schema/fhir-writes';
import { surveyResponses } from '#app/db/schema/surveys';
import { loginAs, successData, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { createSurgery, createSurveyResponse } from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import {
  approveSystemClient,
  registerSystemClient,
  requestSystemToken,
} from '#app/features/fhir/fhir-clients/fhir-clients.fixtures';
import {
  created,
  getFhir,
  participantApp,
  postFhir,
  refusal,
  TEST_FHIR_BASE,
  type TestPatientApp,
} from './fhir-writes.fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let app: TestPatientApp;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  app = await participantApp(testApp);
});

const staffGet = (url: string) => callApi(testApp, 'GET', url, clinician.access_token);

describe('QuestionnaireResponse: the app answers a scheduled survey', () => {
  let koos: StoredSurvey;
  const today = todayUtc();

  beforeEach(async () => {
    const surveys = await ensureSurveys(testApp.db);
    const found = surveys.find((s) => s.definition.title === 'KOOS JR Knee Survey');
    if (!found) throw new Error('KOOS JR is not a programme survey');
    koos = found;
    await createSurveyResponse(testApp.db, app.participant.id, koos.id, {
      timepoint: 'WEEK_6',
      targetDate: addDays(today, -2),
    });
    await createSurveyResponse(testApp.db, app.participant.id, koos.id, {
      timepoint: 'MONTH_3',
      targetDate: addDays(today, 47),
    });
  });

  const response = (answers: (number | null)[], extra: Record<string, unknown> = {}) => ({
    resourceType: 'QuestionnaireResponse',
    status: 'completed',
    questionnaire: `${TEST_FHIR_BASE}/Questionnaire/${koos.id}`,
    subject: { reference: `Patient/${app.participant.id}` },
    authored: new Date(Date.now() - 600_000).toISOString(),
    item: answers.map((answer, index) => ({
      linkId: String(index + 1),
      ...(answer === null
        ? {}
        : {
            answer: [
              {
                valueCoding: {
                  system: `${TEST_FHIR_BASE}/CodeSystem/survey/${koos.id}`,
                  code: String(answer),
                },
              },
            ],
          }),
    })),
    ...extra,
  });
  const post = (body: unknown) => postFhir(testApp, '/QuestionnaireResponse', app.token, body);
  const answers = [1, 1, 2, 0, 1, 1, 0];

  it('fills the nearest open slot, scored through the published instrument', async () => {
    const stored = created<QuestionnaireResponse>(await post(response(answers)));
    const expected = scoreResponse(koos.definition.title, answers)[0]?.value;
    expect(expected).toBeGreaterThan(0);
    const table = successData(
      await staffGet(`${API_PATHS.nudge.surveyResponses}?user_id=${app.participant.id}`),
      surveyResponseListSchema,
    );
    const week6 = table.find((row) => row.timepoint === 'WEEK_6');
    expect(week6).toMatchObject({
      id: Number(stored.id),
      survey_status: 'SUBMITTED',
      score: expected,
    });
    expect(week6?.content.map((item) => item.selected_option)).toEqual(answers);
    expect(table.find((row) => row.timepoint === 'MONTH_3')?.submitted_at).toBeNull();
    // Kept by measure for the cohort's aggregates, and marked as the participant's own answers.
    const [row] = await testApp.db
      .select({ scores: surveyResponses.scores, generated: surveyResponses.generated })
      .from(surveyResponses)
      .where(eq(surveyResponses.id, Number(stored.id)));
    expect(row).toEqual({ scores: { KOOS_JR: expected }, generated: false });
    expect(stored.item?.map((item) => item.answer?.[0]?.valueCoding?.code)).toEqual(
      answers.map(String),
    );
    const score = await getFhir(testApp, `/Observation/score-${stored.id ?? ''}`, app.token);
    expect(score.json<Observation>().valueQuantity?.value).toBe(expected);
  });

  it('fills the next slot with a second response, and refuses a third: none is open', async () => {
    created(await post(response(answers)));
    created(await post(response([0, 0, 0, 0, 0, 0, 0])));
    const third = refusal(await post(response(answers)), 422);
    expect(third.expression).toBe('QuestionnaireResponse.questionnaire');
    expect(third.diagnostics).toBe(
      FHIR_WRITE_MESSAGES.noOpenSlot('QuestionnaireResponse.questionnaire'),
    );
  });

  it.each([
    [
      'an unknown questionnaire',
      () => response(answers, { questionnaire: `${TEST_FHIR_BASE}/Questionnaire/999999` }),
      422,
      'QuestionnaireResponse.questionnaire',
    ],
    [
      "another server's questionnaire",
      () =>
        response(answers, { questionnaire: `https://elsewhere.example/Questionnaire/${koos.id}` }),
      422,
      'QuestionnaireResponse.questionnaire',
    ],
    [
      'an item the questionnaire does not have',
      () => ({
        ...response(answers),
        item: [{ linkId: '99', answer: [{ valueCoding: { code: '0' } }] }],
      }),
      422,
      'QuestionnaireResponse.item[0].linkId',
    ],
    [
      'an option the item does not have',
      () => ({
        ...response(answers),
        item: [{ linkId: '1', answer: [{ valueCoding: { code: '7' } }] }],
      }),
      422,
      'QuestionnaireResponse.item[0].answer[0].valueCoding',
    ],
    [
      'an option of another code system',
      () => ({
        ...response(answers),
        item: [
          { linkId: '1', answer: [{ valueCoding: { system: 'http://loinc.org', code: '0' } }] },
        ],
      }),
      422,
      'QuestionnaireResponse.item[0].answer[0].valueCoding',
    ],
    [
      'two answers to a single-choice item',
      () => ({
        ...response(answers),
        item: [
          { linkId: '1', answer: [{ valueCoding: { code: '0' } }, { valueCoding: { code: '1' } }] },
        ],
      }),
      422,
      'QuestionnaireResponse.item[0].answer',
    ],
    [
      'the same item twice',
      () => ({
        ...response(answers),
        item: [
          { linkId: '1', answer: [{ valueCoding: { code: '0' } }] },
          { linkId: '1', answer: [{ valueCoding: { code: '1' } }] },
        ],
      }),
      422,
      'QuestionnaireResponse.item[1].linkId',
    ],
    [
      'a response in progress',
      () => response(answers, { status: 'in-progress' }),
      422,
      'QuestionnaireResponse.status',
    ],
    [
      'authored two days ahead',
      () => response(answers, { authored: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
      422,
      'QuestionnaireResponse.authored',
    ],
  ])('refuses %s, naming the element', async (_, body, status, expression) => {
    expect(refusal(await post(body()), status).expression).toBe(expression);
    const submitted = await testApp.db.select().from(surveyResponses);
    expect(submitted.every((row) => row.submittedAt === null)).toBe(true);
  });

  it('a 3-Months answer short of the MCID shows on the schedule and outcome chart, and raises its flag at once', async () => {
    await createSurgery(testApp.db, app.participant.id, { surgeryDate: addDays(today, -90) });
    // KOOS JR answers (option indexes) whose raw sum is `raw`.
    const koosAnswers = (raw: number) =>
      Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));
    const preOpDay = addDays(today, -100);
    await createSurveyResponse(testApp.db, app.participant.id, koos.id, {
      timepoint: 'PRE_OP',
      targetDate: preOpDay,
      submittedAt: new Date(`${preOpDay}T09:00:00Z`),
      answers: koosAnswers(16),
    });
    created(await post(response(koosAnswers(14))));
    // PreOp 47.487 → 3 Months 54.84: +7.353, less than the MCID of 14.
    const month3 = created<QuestionnaireResponse>(await post(response(koosAnswers(13))));

    const schedule = successData(
      await staffGet(`${API_PATHS.surgery.adherence}?user_id=${app.participant.id}`),
      adherenceListSchema,
    );
    expect(schedule[0]?.entries.find((entry) => entry.timepoint === 'MONTH_3')).toMatchObject({
      score: 54.84,
      submitted_on: month3.authored,
    });
    const trends = successData(
      await staffGet(`${API_PATHS.surgery.outcomeTrends}?user_id=${app.participant.id}`),
      outcomeTrendsSchema,
    );
    expect(trends.surveys[0]?.points.find((point) => point.timepoint === 'MONTH_3')).toMatchObject({
      score: 54.84,
      status: 'NOT_IMPROVING',
    });
    const raised = successData(
      await staffGet(`${API_PATHS.flags.participant}?user_id=${app.participant.id}`),
      participantFlagListSchema,
    );
    expect(raised).toMatchObject([
      { source: 'OUTCOME', rule: 'not-improving:KOOS_JR:MCID', value: 54.84, status: 'OPEN' },
    ]);
  });

  it("refuses answers for another participant's survey (403)", async () => {
    const other = await participantApp(testApp);
    const body = response(answers, { subject: { reference: `Patient/${other.participant.id}` } });
    expect(refusal(await post(body), 403).expression).toBe(
      'QuestionnaireResponse.subject.reference',
    );
  });
});

describe('Communication: messages between the participant and the coach', () => {
  const message = (text: string, extra: Record<string, unknown> = {}) => ({
    resourceType: 'Communication',
    status: 'completed',
    category: [
      {
        coding: [{ system: `${TEST_FHIR_BASE}/CodeSystem/communication-category`, code: 'coach' }],
      },
    ],
    subject: { reference: `Patient/${app.participant.id}` },
    sender: { reference: `Patient/${app.participant.id}` },
    sent: new Date(Date.now() - 60_000).toISOString(),
    payload: [{ contentString: text }],
    ...extra,
  });
  const send = (body: unknown) => postFhir(testApp, '/Communication', app.token, body);
  const flags = async () =>
    successData(
      await staffGet(`${API_PATHS.flags.participant}?user_id=${app.participant.id}`),
      participantFlagListSchema,
    );

  it('raises the chest pain flag at once, and shows on the coach list', async () => {
    const sent = created<Communication>(
      await send(message('Since this morning I have chest pain when I climb the stairs.')),
    );
    expect(sent).toMatchObject({
      id: expect.stringMatching(/^msg-\d+$/),
      category: [{ coding: [{ code: 'coach' }] }],
      sender: { reference: `Patient/${app.participant.id}` },
      payload: [{ contentString: 'Since this morning I have chest pain when I climb the stairs.' }],
    });
    const raised = await flags();
    expect(raised).toMatchObject([
      { finding: 'Chest pain', source: 'CONVERSATION', status: 'OPEN' },
    ]);
    const list = successData(
      await callApi(testApp, 'POST', API_PATHS.chat.list, clinician.access_token, {}),
      coachListResponseSchema,
    );
    expect(list.chat_list).toMatchObject([
      {
        participant_id: app.participant.id,
        transcript: [{ message: 'Since this morning I have chest pain when I climb the stairs.' }],
      },
    ]);
    const profile = successData(
      await staffGet(API_PATHS.user.profile(app.participant.id)),
      participantProfileSchema,
    );
    expect(profile.coach_chat_count).toBe(1);
    const ownFlags = await getFhir(testApp, '/Flag', app.token);
    expect(ownFlags.json<Bundle>().entry?.length).toBe(1);
  });

  it('raises nothing for a negated concern', async () => {
    created(await send(message('No chest pain today, and the knee feels better.')));
    expect(await flags()).toEqual([]);
  });

  it('threads messages close together into one conversation', async () => {
    created(await send(message('Walked to the shop.')));
    created(await send(message('Knee is a bit stiff.')));
    const list = successData(
      await callApi(testApp, 'POST', API_PATHS.chat.list, clinician.access_token, {}),
      coachListResponseSchema,
    );
    expect(list.chat_list).toHaveLength(1);
    expect(list.chat_list[0]?.transcript.map((line) => line.message)).toEqual([
      'Walked to the shop.',
      'Knee is a bit stiff.',
    ]);
  });

  it.each([
    [
      'another category',
      () => message('hi', { category: [{ coding: [{ code: 'nudge' }] }] }),
      422,
      'Communication.category',
    ],
    ['no text', () => message('hi', { payload: [] }), 400, 'Communication.payload'],
    ['a text over the limit', () => message('x'.repeat(4001)), 422, 'Communication.payload'],
    [
      'a message to another participant',
      () => message('hi', { recipient: [{ reference: 'Patient/1' }] }),
      422,
      'Communication.recipient',
    ],
    [
      'an answer to no known message',
      () => message('hi', { inResponseTo: [{ reference: 'Communication/msg-999999' }] }),
      422,
      'Communication.inResponseTo[0]',
    ],
    [
      'a sent time two days ahead',
      () => message('hi', { sent: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
      422,
      'Communication.sent',
    ],
  ])('refuses %s, naming the element', async (_, body, status, expression) => {
    expect(refusal(await send(body()), status).expression).toBe(expression);
    expect(await testApp.db.select().from(coachMessages)).toEqual([]);
  });

  it('refuses a message about another participant (403)', async () => {
    const other = await participantApp(testApp);
    const body = message('hi', { subject: { reference: `Patient/${other.participant.id}` } });
    expect(refusal(await send(body), 403).expression).toBe('Communication.subject.reference');
  });

  it("takes the coach's reply from a system client holding system/Communication.c, audited as that client", async () => {
    const question = created<Communication>(await send(message('Can I shower with the dressing?')));
    const registrar = await loginAs(testApp, 'ADMINISTRATOR');
    const coach = await registerSystemClient(
      testApp,
      registrar,
      ['system/Communication.c'],
      'Coach',
    );
    // Writing to participants reaches patient data: a second administrator approves it first.
    expect(coach.client.status).toBe('pending');
    expect((await requestSystemToken(testApp, coach, 'system/Communication.c')).statusCode).toBe(
      400,
    );
    const approver = await loginAs(testApp, 'ADMINISTRATOR');
    expect((await approveSystemClient(testApp, approver, coach.client.client_id)).statusCode).toBe(
      200,
    );
    const token = (await requestSystemToken(testApp, coach, 'system/Communication.c')).json<{
      access_token: string;
      scope: string;
    }>();
    expect(token.scope).toBe('system/Communication.c');

    const reply = {
      resourceType: 'Communication',
      status: 'completed',
      category: [
        {
          coding: [
            { system: `${TEST_FHIR_BASE}/CodeSystem/communication-category`, code: 'coach' },
          ],
        },
      ],
      recipient: [{ reference: `Patient/${app.participant.id}` }],
      inResponseTo: [{ reference: `Communication/${question.id ?? ''}` }],
      payload: [{ contentString: 'Yes, if it is the waterproof one. Any chest pain? Tell us.' }],
    };
    const answered = created<Communication>(
      await postFhir(testApp, '/Communication', token.access_token, reply),
    );
    expect(answered).toMatchObject({
      recipient: [{ reference: `Patient/${app.participant.id}` }],
      inResponseTo: [{ reference: `Communication/${question.id ?? ''}` }],
    });
    expect(answered.sender).toBeUndefined();
    // Audited as the system client, naming the administrators who let it write.
    const audited = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.fhirCreate),
          eq(auditLog.actorEmail, `fhir-client:${coach.client.client_id}`),
        ),
      );
    expect(audited).toMatchObject([
      {
        actorId: null,
        subjectType: 'participant',
        subjectId: app.participant.id,
        details: expect.objectContaining({
          resource_type: 'Communication',
          resource_id: answered.id,
          client_name: 'Coach',
          registered_by: registrar.user.id,
          approved_by: approver.user.id,
        }),
      },
    ]);
    // The coach's own words are never screened: asking about chest pain raises nothing.
    expect(await flags()).toEqual([]);
    const list = successData(
      await callApi(testApp, 'POST', API_PATHS.chat.list, clinician.access_token, {}),
      coachListResponseSchema,
    );
    expect(list.chat_list[0]?.transcript.map((line) => line.userId)).toEqual([
      String(app.participant.id),
      'Coach',
    ]);
    // The app reads the reply in its own compartment; the coach's token reads nothing.
    const mine = await getFhir(testApp, '/Communication?category=coach', app.token);
    expect(mine.json<Bundle>().entry?.map((e) => e.resource?.id)).toContain(answered.id);
    refusal(await getFhir(testApp, '/Communication', token.access_token), 403);
    // A system client creates nothing but Communications, and only for participants.
    refusal(
      await postFhir(testApp, '/Observation', token.access_token, { resourceType: 'Observation' }),
      403,
    );
    const toNobody = {
      ...reply,
      inResponseTo: undefined,
      recipient: [{ reference: `Patient/${registrar.user.id}` }],
    };
    expect(
      refusal(await postFhir(testApp, '/Communication', token.access_token, toNobody), 422)
        .expression,
    ).toBe('Communication.recipient');
  });

  it('refuses a system client without the write scope', async () => {
    const registrar = await loginAs(testApp, 'ADMINISTRATOR');
    const reader = await registerSystemClient(testApp, registrar, ['system/Communication.rs']);
    const approver = await loginAs(testApp, 'ADMINISTRATOR');
    await approveSystemClient(testApp, approver, reader.client.client_id);
    const token = (await requestSystemToken(testApp, reader, 'system/*.rs')).json<{
      access_token: string;
    }>();
    refusal(await postFhir(testApp, '/Communication', token.access_token, message('hi')), 403);
  });
});
