import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { adherenceListSchema } from '@recovery-portal/contract/adherence';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import { DIGITAL_TWIN_MESSAGES } from '@recovery-portal/contract/digital-twin';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import { SURVEY_TIMEPOINT_OFFSET_DAYS } from '@recovery-portal/contract/surveys';
import { THRESHOLD_RULES } from '@recovery-portal/contract/thresholds';
import { auditLog } from '#app/db/schema/audit';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { addDays, todayUtc } from '#app/core/days';
import { insertPainLogs } from '#app/core/pain-logs';
import { upsertThresholdOverride } from '#app/features/thresholds/thresholds.repository';
import { failure, loginAs, successData, type LoggedInStaff, useTestApp } from './build-test-app';
import {
  createClinicalRecord,
  createConversation,
  createDigitalTwin,
  createMarkerMembership,
  createMeasurements,
  createNudge,
  createParticipant,
  createSegment,
  createStaff,
  createSurgery,
  createSurvey,
  createSurveyResponse,
  type FactoryUser,
} from './factories';
import { callApi } from './participant-fixtures';
import { statementsOf } from './statements-of';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let administrator: LoggedInStaff;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  administrator = await loginAs(testApp, 'ADMINISTRATOR');
});
beforeEach(async () => {
  await testApp.db
    .delete(users)
    .where(or(eq(users.role, 'PARTICIPANT'), eq(users.firstName, 'Staffy')));
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Endpoint {
  name: string;
  action: AuditAction;
  url: (id: number | string) => string;
  /** The body of a read sent as a POST (the id in it); a GET without. */
  payload?: (id: number | string) => Record<string, unknown>;
  /** Gives the participant something to read; returns the details its audit row then has. */
  seed: (participantId: number) => Promise<Record<string, unknown> | null>;
  /** What the call answers for a participant with nothing recorded: its audit details. */
  emptyDetails: Record<string, unknown> | null;
}

const noon = (daysAgo: number) => new Date(`${addDays(todayUtc(), -daysAgo)}T12:00:00Z`);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'conversations',
    action: AUDIT_ACTIONS.participantConversationsView,
    url: (id) => API_PATHS.chat.chatList(id),
    seed: async (id) => {
      await createConversation(testApp.db, id, { endedAt: noon(2) });
      await createConversation(testApp.db, id, { endedAt: noon(1) });
      return { count: 2 };
    },
    emptyDetails: { count: 0 },
  },
  {
    name: 'nudges',
    action: AUDIT_ACTIONS.participantNudgesView,
    url: (id) => `${API_PATHS.nudge.userNudges}?user_id=${id}`,
    seed: async (id) => {
      for (const day of [0, 1, 2]) {
        await createNudge(testApp.db, id, { targetDate: addDays(todayUtc(), -day) });
      }
      return { count: 3 };
    },
    emptyDetails: { count: 0 },
  },
  {
    name: 'surveys',
    action: AUDIT_ACTIONS.participantSurveysView,
    url: (id) => `${API_PATHS.nudge.surveyResponses}?user_id=${id}`,
    seed: async (id) => {
      const survey = await createSurvey(testApp.db);
      await createSurveyResponse(testApp.db, id, survey.id, {
        timepoint: 'PRE_OP',
        targetDate: addDays(todayUtc(), -30),
        submittedAt: noon(30),
        answers: [0, 1],
      });
      await createSurveyResponse(testApp.db, id, survey.id, {
        timepoint: 'WEEK_6',
        targetDate: addDays(todayUtc(), 10),
      });
      return { count: 2 };
    },
    emptyDetails: { count: 0 },
  },
  {
    name: 'telemetry',
    action: AUDIT_ACTIONS.participantTelemetryView,
    url: (id) => `${API_PATHS.user.telemetry}?user_id=${id}`,
    seed: async (id) => {
      await createMeasurements(testApp.db, id, [
        { key: 'steps', value: 4000, measuredAt: noon(2) },
        { key: 'steps', value: 5000, measuredAt: noon(1) },
        { key: 'hdl', value: 1.4, measuredAt: noon(3), source: 'CLINIC' },
      ]);
      return null;
    },
    emptyDetails: null,
  },
  {
    name: 'profile',
    action: AUDIT_ACTIONS.participantProfileView,
    url: (id) => API_PATHS.user.profile(id),
    seed: async (id) => {
      await createMeasurements(testApp.db, id, [
        { key: 'weight', value: 81.25, measuredAt: noon(3) },
        { key: 'bmi', value: 26.4, measuredAt: noon(3) },
      ]);
      await createClinicalRecord(testApp.db, id, { category: 'ALLERGY', title: 'Penicillin' });
      await createConversation(testApp.db, id, { nextBestAction: 'Walk daily' });
      return null;
    },
    emptyDetails: null,
  },
  {
    name: 'pain',
    action: AUDIT_ACTIONS.participantPainList,
    url: () => API_PATHS.pain.lastN,
    payload: (id) => ({ user_id: id, n: 2 }),
    seed: async (id) => {
      await insertPainLogs(
        testApp.db,
        [3, 2, 1].map((daysAgo) => ({
          userId: id,
          score: daysAgo,
          recordedAt: noon(daysAgo),
          bodySite: 'LEFT_KNEE' as const,
          note: null,
          source: 'CLINICIAN' as const,
          recordedBy: clinician.user.id,
        })),
      );
      return { n: 2 };
    },
    emptyDetails: { n: 2 },
  },
  {
    name: 'weekly trend',
    action: AUDIT_ACTIONS.participantTrendView,
    url: (id) => API_PATHS.user.trend(id),
    seed: async (id) => {
      await createMeasurements(testApp.db, id, [
        { key: 'steps', value: 4000, measuredAt: noon(9) },
        { key: 'steps', value: 5000, measuredAt: noon(1) },
      ]);
      return { date_string: todayUtc() };
    },
    emptyDetails: { date_string: todayUtc() },
  },
  {
    name: 'mood trend',
    action: AUDIT_ACTIONS.participantMoodTrendView,
    url: () => API_PATHS.trend.mood,
    payload: (id) => ({ user_id: id, date_string: addDays(todayUtc(), -1) }),
    seed: async (id) => {
      await createMeasurements(testApp.db, id, [{ key: 'mood', value: 4, measuredAt: noon(2) }]);
      return { date_string: addDays(todayUtc(), -1) };
    },
    emptyDetails: { date_string: addDays(todayUtc(), -1) },
  },
  {
    name: 'surgeries',
    action: AUDIT_ACTIONS.participantSurgeryList,
    url: (id) => `${API_PATHS.surgery.list}?user_id=${id}`,
    seed: async (id) => {
      await createSurgery(testApp.db, id, { surgeryDate: '2025-03-10' });
      await createSurgery(testApp.db, id, { surgeryDate: '2026-01-05', side: 'RIGHT' });
      return null;
    },
    emptyDetails: null,
  },
  {
    name: 'thresholds',
    action: AUDIT_ACTIONS.participantThresholdsView,
    url: (id) => `${API_PATHS.thresholds.participant}?user_id=${id}`,
    seed: async (id) => {
      await createSurgery(testApp.db, id, { procedure: 'TOTAL_HIP_REPLACEMENT' });
      await upsertThresholdOverride(
        testApp.db,
        { userId: id, rule: THRESHOLD_RULES[0], value: 3, days: 2, enabled: true },
        clinician.user.id,
      );
      return null;
    },
    emptyDetails: null,
  },
  {
    name: 'adherence',
    action: AUDIT_ACTIONS.participantAdherenceView,
    url: (id) => `${API_PATHS.surgery.adherence}?user_id=${id}`,
    seed: async (id) => {
      const survey = await createSurvey(testApp.db);
      await createSurveyResponse(testApp.db, id, survey.id, {
        timepoint: 'PRE_OP',
        targetDate: addDays(todayUtc(), -30),
        submittedAt: noon(30),
        answers: [0, 1],
      });
      return null;
    },
    emptyDetails: null,
  },
  {
    name: 'flags',
    action: AUDIT_ACTIONS.participantFlagsView,
    url: (id) => `${API_PATHS.flags.participant}?user_id=${id}`,
    seed: async (id) => {
      const flag = {
        userId: id,
        source: 'CONVERSATION',
        matchedText: 'I had chest pain and a fall.',
      } as const;
      await testApp.db.insert(clinicalFlags).values([
        {
          ...flag,
          severity: 'CRITICAL',
          rule: 'chest-pain',
          dedupeKey: 'chest-pain:1',
          detectedAt: noon(2),
          status: 'ACKNOWLEDGED',
          acknowledgedBy: clinician.user.id,
          acknowledgedAt: noon(1),
        },
        { ...flag, severity: 'HIGH', rule: 'fall', dedupeKey: 'fall:1', detectedAt: noon(2) },
      ]);
      return { count: 2 };
    },
    emptyDetails: { count: 0 },
  },
  {
    name: 'marker memberships and segments',
    action: AUDIT_ACTIONS.participantSegmentsView,
    url: (id) => `${API_PATHS.user.markerSegmentLive}?user_id=${id}`,
    seed: async (id) => {
      await createMarkerMembership(testApp.db, id, { validFrom: addDays(todayUtc(), -3) });
      await createSegment(testApp.db, id, { name: 'Post-op', validFrom: addDays(todayUtc(), -3) });
      return { date_string: todayUtc() };
    },
    emptyDetails: { date_string: todayUtc() },
  },
  {
    name: 'marker memberships',
    action: AUDIT_ACTIONS.participantMarkersView,
    url: (id) => `${API_PATHS.user.markers}?user_id=${id}&date_string=2025-03-14`,
    seed: async (id) => {
      await createMarkerMembership(testApp.db, id, { validFrom: '2025-03-01' });
      return { date_string: '2025-03-14' };
    },
    emptyDetails: { date_string: '2025-03-14' },
  },
];

/** The participant's audit rows of one request, every column but the id and time. */
async function auditRowsOf(requestId: string) {
  const rows = await testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return rows.map(({ id: _id, createdAt: _createdAt, ...row }) => row);
}

function expectedRow(
  action: AuditAction,
  participant: FactoryUser,
  details: Record<string, unknown> | null,
  requestId: string,
) {
  return {
    actorId: clinician.user.id,
    actorEmail: clinician.email,
    actorName: `Cleo Tester <${clinician.email}>`,
    action,
    subjectType: 'participant',
    subjectId: participant.id,
    subjectName: `${participant.firstName} ${participant.lastName} <${participant.email}>`,
    details,
    clientAddress: '127.0.0.1',
    requestId,
    foldedMinute: null,
    repeatCount: 1,
  };
}

/** The endpoint's call about participant `id`. */
const call = (endpoint: Endpoint, id: number | string, token = clinician.access_token) =>
  endpoint.payload
    ? callApi(testApp, 'POST', endpoint.url(id), token, endpoint.payload(id))
    : callApi(testApp, 'GET', endpoint.url(id), token);

describe.each(ENDPOINTS)('participant $name: two round trips', (endpoint) => {
  it('sends the session check, then one statement that reads and writes the audit row', async () => {
    const participant = await createParticipant(testApp.db);
    const details = await endpoint.seed(participant.id);
    let response = await call(endpoint, participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await call(endpoint, participant.id);
    });
    expect(response.statusCode).toBe(200);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const requestId = String(response.headers['x-request-id']);
    expect(await auditRowsOf(requestId)).toEqual([
      expectedRow(endpoint.action, participant, details, requestId),
    ]);
  });

  it('a participant with nothing recorded still answers, in two round trips, audited', async () => {
    const participant = await createParticipant(testApp.db);
    let response = await call(endpoint, participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await call(endpoint, participant.id);
    });
    expect(response.statusCode).toBe(200);
    expect(sent).toHaveLength(2);
    const requestId = String(response.headers['x-request-id']);
    expect(await auditRowsOf(requestId)).toEqual([
      expectedRow(endpoint.action, participant, endpoint.emptyDetails, requestId),
    ]);
  });

  it('an unknown id and a staff member’s id are the same 404, with no read audited', async () => {
    const staff = await createStaff(testApp.db, { firstName: 'Staffy' });
    for (const id of [staff.id, 987_654]) {
      const response = await call(endpoint, id);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      // The refusal is recorded as every 404 is (access.denied), the read is not.
      const rows = await auditRowsOf(String(response.headers['x-request-id']));
      expect(rows.map((row) => row.action)).toEqual([AUDIT_ACTIONS.accessDenied]);
    }
  });

  it('a malformed id is a 400 with no audit row; another role is a 403', async () => {
    const participant = await createParticipant(testApp.db);
    for (const id of ['abc', '-1', '1.5', '9'.repeat(40)]) {
      const response = await call(endpoint, id);
      failure(response, 400, 'VALIDATION_ERROR');
      const rows = await auditRowsOf(String(response.headers['x-request-id']));
      expect(rows.map((row) => row.action)).not.toContain(endpoint.action);
    }
    const refused = await call(endpoint, participant.id, administrator.access_token);
    failure(refused, 403, 'FORBIDDEN');
    const rows = await auditRowsOf(String(refused.headers['x-request-id']));
    expect(rows.map((row) => row.action)).not.toContain(endpoint.action);
  });
});

describe('participant adherence of one surgery: two round trips', () => {
  const adherenceOf = (id: number, surgeryId: number) =>
    callApi(
      testApp,
      'GET',
      `${API_PATHS.surgery.adherence}?user_id=${id}&surgery_id=${surgeryId}`,
      clinician.access_token,
    );

  it('counts the target dates from the surgery, in one statement with its audit row', async () => {
    const participant = await createParticipant(testApp.db);
    const survey = await createSurvey(testApp.db);
    await createSurveyResponse(testApp.db, participant.id, survey.id, {
      timepoint: 'WEEK_6',
      targetDate: addDays(todayUtc(), 10),
    });
    const surgery = await createSurgery(testApp.db, participant.id, { surgeryDate: '2026-01-05' });
    let response = await adherenceOf(participant.id, surgery.id);
    const sent = await statementsOf(testApp, async () => {
      response = await adherenceOf(participant.id, surgery.id);
    });
    expect(sent).toHaveLength(2);
    const [item] = successData(response, adherenceListSchema);
    expect(item?.entries.find((entry) => entry.timepoint === 'WEEK_6')?.target_date).toBe(
      addDays('2026-01-05', SURVEY_TIMEPOINT_OFFSET_DAYS.WEEK_6),
    );
    const requestId = String(response.headers['x-request-id']);
    expect(await auditRowsOf(requestId)).toEqual([
      expectedRow(
        AUDIT_ACTIONS.participantAdherenceView,
        participant,
        { surgery_id: surgery.id },
        requestId,
      ),
    ]);
  });

  it('another participant’s surgery is a 404 with no read audited', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const surgery = await createSurgery(testApp.db, other.id);
    const response = await adherenceOf(participant.id, surgery.id);
    expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
      SURGERY_MESSAGES.notFound(surgery.id, participant.id),
    );
    const rows = await auditRowsOf(String(response.headers['x-request-id']));
    expect(rows.map((row) => row.action)).toEqual([AUDIT_ACTIONS.accessDenied]);
  });
});

describe('participant digital twin: two round trips', () => {
  const twinOf = (id: number | string, token = clinician.access_token) =>
    callApi(testApp, 'GET', API_PATHS.chat.digitalTwin(id), token);
  const actionsOf = async (response: Awaited<ReturnType<typeof twinOf>>) =>
    (await auditRowsOf(String(response.headers['x-request-id']))).map((row) => row.action);

  it('reads the twin in one statement with its audit row', async () => {
    const participant = await createParticipant(testApp.db);
    await createDigitalTwin(testApp.db, participant.id, { stage: 'recovery', score: 3 });
    let response = await twinOf(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await twinOf(participant.id);
    });
    expect(sent).toHaveLength(2);
    expect(response.json()).toEqual({ _success: true, _data: { stage: 'recovery', score: 3 } });
    const requestId = String(response.headers['x-request-id']);
    expect(await auditRowsOf(requestId)).toEqual([
      expectedRow(AUDIT_ACTIONS.participantDigitalTwinView, participant, null, requestId),
    ]);
  });

  it('no twin built, an unknown id and a staff id are 404s with no read audited', async () => {
    const participant = await createParticipant(testApp.db);
    const missing = await twinOf(participant.id);
    expect(failure(missing, 404, 'NOT_FOUND').error.message).toBe(DIGITAL_TWIN_MESSAGES.notFound);
    expect(await actionsOf(missing)).toEqual([AUDIT_ACTIONS.accessDenied]);
    const staff = await createStaff(testApp.db, { firstName: 'Staffy' });
    for (const id of [staff.id, 987_654]) {
      const response = await twinOf(id);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      expect(await actionsOf(response)).toEqual([AUDIT_ACTIONS.accessDenied]);
    }
  });

  it('a malformed id is a 400 and another role a 403, neither audited as a read', async () => {
    const participant = await createParticipant(testApp.db);
    await createDigitalTwin(testApp.db, participant.id, { stage: 'recovery' });
    const malformed = await twinOf('abc');
    failure(malformed, 400, 'VALIDATION_ERROR');
    expect(await actionsOf(malformed)).not.toContain(AUDIT_ACTIONS.participantDigitalTwinView);
    const refused = await twinOf(participant.id, administrator.access_token);
    failure(refused, 403, 'FORBIDDEN');
    expect(await actionsOf(refused)).not.toContain(AUDIT_ACTIONS.participantDigitalTwinView);
  });
});
