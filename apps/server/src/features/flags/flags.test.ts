import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import {
  DEFAULT_CONCERNS,
  flagListResponseSchema,
  flagSchema,
  participantFlagListSchema,
} from '@recovery-portal/contract/flags';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { clinicalFlags, participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  csrfHeaders,
  failure,
  loginAs,
  successData,
  TEST_JWT_SECRET,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createConversation,
  createMeasurements,
  createParticipant,
  createSimulationPrograms,
  createStaff,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import { statementsOf } from '#app/test/statements-of';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { createTriageScanner } from './triage-scanner';
import { DAY_MS } from '#app/core/days';
import { auditedReadsOf } from '#app/test/audit-rows';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

function call(
  method: InjectOptions['method'],
  url: string,
  token: string | null,
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: token ? authHeaders(token) : csrfHeaders(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}
const list = (body: unknown, token: string | null = clinician.access_token) =>
  call('POST', API_PATHS.flags.list, token, body);
const ofParticipant = (userId: unknown, token: string | null = clinician.access_token) =>
  call('GET', `${API_PATHS.flags.participant}?user_id=${String(userId)}`, token);
const acknowledge = (body: unknown, token: string | null = clinician.access_token) =>
  call('POST', API_PATHS.flags.acknowledge, token, body);

/** A participant who told the coach about `finding` `days` ago, flagged by a scan. */
async function flaggedParticipant(
  text: string,
  days: number,
  attributes: Parameters<typeof createParticipant>[1] = {},
) {
  const participant = await createParticipant(testApp.db, attributes);
  await createConversation(testApp.db, participant.id, {
    endedAt: daysAgo(days),
    transcript: [
      { userId: COACH_USER_ID, message: 'How have you been?' },
      { userId: String(participant.id), message: text },
    ],
  });
  return participant;
}

const scan = () => createTriageScanner({ db: testApp.db, concerns: DEFAULT_CONCERNS }).scan();

async function openFlagCount(userId: number) {
  const [row] = await testApp.db
    .select({ count: participantTriage.openFlagCount, top: participantTriage.topOpenSeverity })
    .from(participantTriage)
    .where(eq(participantTriage.userId, userId));
  return row;
}

/** A token signed with the real key for a participant account (the mobile app's audience). */
function participantToken(participantId: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'PARTICIPANT' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(participantId))
    .setIssuer('recovery-portal')
    .setAudience('recovery-portal-staff')
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

describe('flag lifecycle', () => {
  it('clinician lists open flags of the tab, most severe then oldest first, paged', async () => {
    const fell = await flaggedParticipant('I had a fall on Sunday.', 5, { firstName: 'Fay' });
    const chestOld = await flaggedParticipant('I had chest pain again.', 4, { firstName: 'Cora' });
    const chestNew = await flaggedParticipant('Some chest pain last night.', 1, {
      firstName: 'Cy',
    });
    await flaggedParticipant('I had chest pain.', 1, { participantType: 'Pilot' });
    const bp = await createParticipant(testApp.db, { firstName: 'Bea' });
    // A flag names its participant with both identifiers for whoever acts on it.
    await testApp.db
      .update(users)
      .set({ birthDate: '1950-05-06', mrn: 'B-17' })
      .where(eq(users.id, bp.id));
    await createMeasurements(testApp.db, bp.id, [
      { key: 'systolicBp', value: 171, measuredAt: daysAgo(6) },
    ]);
    await scan();

    const page = successData(await list({ type: 'Internal' }), flagListResponseSchema);
    expect(page.total).toBe(4);
    expect(page.flags.map((flag) => [flag.first_name, flag.finding, flag.severity])).toEqual([
      ['Cora', 'Chest pain', 'CRITICAL'],
      ['Cy', 'Chest pain', 'CRITICAL'],
      ['Bea', 'Systolic BP', 'HIGH'],
      ['Fay', 'Fall', 'HIGH'],
    ]);
    expect(page.flags[0]).toMatchObject({
      user_id: chestOld.id,
      source: 'CONVERSATION',
      rule: 'chest-pain',
      matched_text: 'I had chest pain again.',
      message_index: 1,
      status: 'OPEN',
      acknowledged_by: null,
    });
    expect(page.flags[2]).toMatchObject({
      source: 'THRESHOLD',
      matched_text: 'Systolic BP 171 mmHg above 160',
      value: 171,
      conversation_id: null,
      birth_date: '1950-05-06',
      mrn: 'B-17',
    });

    const second = successData(
      await list({ type: 'Internal', page_size: 2, start: 2 }),
      flagListResponseSchema,
    );
    expect(second.flags.map((flag) => flag.user_id)).toEqual([bp.id, fell.id]);
    const pilot = successData(await list({ type: 'Pilot' }), flagListResponseSchema);
    expect(pilot.total).toBe(1);
    expect(pilot.flags[0]?.user_id).not.toBe(chestNew.id);
  });

  it('clinician acknowledges a flag with a note: it leaves the open list and keeps who, when and note', async () => {
    const participant = await flaggedParticipant('I had chest pain and a fall.', 2);
    await scan();
    expect(await openFlagCount(participant.id)).toEqual({ count: 2, top: 'CRITICAL' });
    const [chest] = successData(await list({}), flagListResponseSchema).flags;
    if (!chest) throw new Error('no flag');

    const before = Date.now();
    const acknowledged = successData(
      await acknowledge({ flag_id: chest.id, note: '  Called her; GP visit booked.  ' }),
      flagSchema,
    );
    expect(acknowledged).toMatchObject({
      id: chest.id,
      status: 'ACKNOWLEDGED',
      acknowledged_by: 'Cleo Tester',
      acknowledgement_note: 'Called her; GP visit booked.',
    });
    expect(Date.parse(acknowledged.acknowledged_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await openFlagCount(participant.id)).toEqual({ count: 1, top: 'HIGH' });

    const open = successData(await list({}), flagListResponseSchema);
    expect(open.flags.map((flag) => flag.finding)).toEqual(['Fall']);
    const all = successData(await ofParticipant(participant.id), participantFlagListSchema);
    expect(all.map((flag) => [flag.finding, flag.status])).toEqual([
      ['Fall', 'OPEN'],
      ['Chest pain', 'ACKNOWLEDGED'],
    ]);
    expect(all[1]?.acknowledgement_note).toBe('Called her; GP visit booked.');

    const [audited] = await testApp.db
      .select({ details: auditLog.details, subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'participant.flag.acknowledge'),
          eq(auditLog.actorId, clinician.user.id),
        ),
      );
    expect(audited).toMatchObject({
      subjectId: participant.id,
      details: { flag_id: chest.id, rule: 'chest-pain', note_given: true },
    });

    // A second acknowledgement says who already did it and when; nothing changes.
    const again = failure(await acknowledge({ flag_id: chest.id }), 409, 'CONFLICT');
    expect(again._error).toMatch(
      /^This flag was already acknowledged by Cleo Tester on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    const fall = open.flags[0];
    if (!fall) throw new Error('no fall flag');
    const withoutNote = successData(await acknowledge({ flag_id: fall.id, note: '' }), flagSchema);
    expect(withoutNote.acknowledgement_note).toBeNull();
    expect(await openFlagCount(participant.id)).toEqual({ count: 0, top: null });
  });

  it('a knee score not improving as expected is listed as an Outcome flag and acknowledged like the others', async () => {
    const participant = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    // PreOp raw 16 → 47.487; 3 Months raw 14 → 52.465: +4.98, less than the MCID of 14.
    for (const [timepoint, days, answers] of [
      ['PRE_OP', 100, [4, 4, 4, 4, 0, 0, 0]],
      ['MONTH_3', 3, [4, 4, 4, 2, 0, 0, 0]],
    ] as const) {
      await createSurveyResponse(testApp.db, participant.id, koos.id, {
        timepoint,
        targetDate: daysAgo(days).toISOString().slice(0, 10),
        submittedAt: daysAgo(days),
        answers: [...answers],
      });
    }
    await scan();
    const [flag] = successData(await ofParticipant(participant.id), participantFlagListSchema);
    expect(flag).toMatchObject({
      source: 'OUTCOME',
      severity: 'MODERATE',
      finding: 'Not improving as expected',
      matched_text:
        'Not improving as expected at 3 Months: KOOS JR better by 4.98 from PreOp (47.49 to 52.47), less than the MCID of 14 (Lyman et al. 2018).',
      value: 52.465,
      status: 'OPEN',
    });
    const listed = successData(await list({}), flagListResponseSchema).flags;
    expect(listed.map((item) => item.finding)).toEqual(['Not improving as expected']);
    const done = successData(await acknowledge({ flag_id: flag?.id }), flagSchema);
    expect(done.status).toBe('ACKNOWLEDGED');
    expect(await openFlagCount(participant.id)).toEqual({ count: 0, top: null });
  });

  it('unknown flags and participants are 404', async () => {
    const staff = await loginAs(testApp, 'CLINICIAN');
    const missing = failure(await acknowledge({ flag_id: 2_000_000_000 }), 404, 'NOT_FOUND');
    expect(missing._error).toBe('There is no flag with id 2000000000.');
    failure(await ofParticipant(987_654), 404, 'NOT_FOUND');
    failure(await ofParticipant(staff.user.id), 404, 'NOT_FOUND');
  });

  it('refuses ugly input with a sentence, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ flag_id: '1' }, 'flag_id must be a positive whole number.'],
      [{ flag_id: -1 }, 'flag_id must be a positive whole number.'],
      [{ flag_id: 1.5 }, 'flag_id must be a positive whole number.'],
      [{}, 'flag_id must be a positive whole number.'],
      [{ flag_id: '1; drop table clinical_flags; --' }, 'flag_id must be a positive whole number.'],
      [{ flag_id: 1, note: 42 }, 'The note must be text.'],
      [{ flag_id: 1, note: 'x'.repeat(1001) }, 'The note must be at most 1000 characters.'],
    ];
    for (const [body, message] of cases) {
      const envelope = failure(await acknowledge(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(message);
    }
    for (const body of [
      { type: 'Everyone' },
      { page_size: 0 },
      { page_size: 101 },
      { start: -1 },
      { start: "0' or 1=1" },
    ]) {
      failure(await list(body), 400, 'VALIDATION_ERROR');
    }
    for (const id of ['abc', '-1', '1.5', "1' or '1'='1", '9'.repeat(40)]) {
      failure(await ofParticipant(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    }
    failure(await ofParticipant(''), 400, 'VALIDATION_ERROR');
  });

  it('only clinicians may read or acknowledge flags', async () => {
    const participant = await flaggedParticipant('I had chest pain.', 1);
    await scan();
    const [flag] = successData(await list({}), flagListResponseSchema).flags;
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const patientToken = await participantToken(participant.id);
    failure(await list({}, admin.access_token), 403, 'FORBIDDEN');
    failure(await ofParticipant(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await acknowledge({ flag_id: flag?.id }, admin.access_token), 403, 'FORBIDDEN');
    // A participant's token is no portal session at all, like no token.
    for (const token of [patientToken, null]) {
      failure(await list({}, token), 401, 'UNAUTHENTICATED');
      failure(await ofParticipant(participant.id, token), 401, 'UNAUTHENTICATED');
      failure(await acknowledge({ flag_id: flag?.id }, token), 401, 'UNAUTHENTICATED');
    }
    expect(await openFlagCount(participant.id)).toEqual({ count: 1, top: 'CRITICAL' });
  });

  it('enrolling a Demo participant screens the regenerated data at once and recounts their flags', async () => {
    const [program] = await createSimulationPrograms(testApp.db);
    const participant = await flaggedParticipant('I had chest pain.', 2, {
      participantType: 'Demo',
    });
    await scan();
    expect(await openFlagCount(participant.id)).toEqual({ count: 1, top: 'CRITICAL' });
    const [before] = successData(await ofParticipant(participant.id), participantFlagListSchema);

    const enrolled = await call('POST', API_PATHS.simulation.enroll, clinician.access_token, {
      user_id: participant.id,
      program_id: program?.id,
    });
    expect(enrolled.statusCode).toBe(200);
    // The generated programme replaced the conversation, and its flag with it; the triage row
    // counts exactly the flags the new data raised.
    const open = await testApp.db
      .select({ id: clinicalFlags.id })
      .from(clinicalFlags)
      .where(and(eq(clinicalFlags.userId, participant.id), eq(clinicalFlags.status, 'OPEN')));
    expect(open.map((flag) => flag.id)).not.toContain(before?.id);
    expect((await openFlagCount(participant.id))?.count).toBe(open.length);
  }, 60_000);
});

describe("a tab's open-flag count follows its participants", () => {
  const total = async (type: 'Internal' | 'Pilot') =>
    successData(await list({ type }), flagListResponseSchema).total;

  it('counts a flag under its participant type as raised, moves it with a type change and drops it with the role', async () => {
    const moving = await flaggedParticipant('I had a fall on Sunday.', 2);
    await flaggedParticipant('Some chest pain last night.', 1);
    await flaggedParticipant('I had chest pain.', 1, { participantType: 'Pilot' });
    await scan();
    expect([await total('Internal'), await total('Pilot')]).toEqual([2, 1]);

    await testApp.db.update(users).set({ participantType: 'Pilot' }).where(eq(users.id, moving.id));
    expect([await total('Internal'), await total('Pilot')]).toEqual([1, 2]);
    const pilotPage = successData(await list({ type: 'Pilot' }), flagListResponseSchema);
    expect(pilotPage.flags.map((flag) => flag.user_id)).toContain(moving.id);

    // An account that is no longer a participant's leaves every tab, as the page does.
    await testApp.db.update(users).set({ role: 'CLINICIAN' }).where(eq(users.id, moving.id));
    expect(await total('Pilot')).toBe(1);
    await testApp.db.update(users).set({ role: 'PARTICIPANT' }).where(eq(users.id, moving.id));
    expect(await total('Pilot')).toBe(2);

    // Whatever writes the copy, the flag keeps its participant's type.
    await testApp.db
      .update(clinicalFlags)
      .set({ participantType: 'Demo' })
      .where(eq(clinicalFlags.userId, moving.id));
    expect(await total('Pilot')).toBe(2);
  });
});

describe('flags of one participant: two round trips', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  it('sends the session check, then one statement that reads the flags and writes the audit row', async () => {
    const participant = await flaggedParticipant('I had chest pain and a fall.', 2);
    await scan();
    const [chest] = successData(await list({}), flagListResponseSchema).flags;
    if (!chest) throw new Error('no flag');
    successData(await acknowledge({ flag_id: chest.id, note: 'Called her.' }), flagSchema);
    let response = await ofParticipant(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await ofParticipant(participant.id);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const flags = successData(response, participantFlagListSchema);
    expect(
      flags.map((flag) => [flag.finding, flag.status, flag.first_name, flag.acknowledged_by]),
    ).toEqual([
      ['Fall', 'OPEN', participant.firstName, null],
      ['Chest pain', 'ACKNOWLEDGED', participant.firstName, 'Cleo Tester'],
    ]);
    expect(flags[1]?.acknowledgement_note).toBe('Called her.');
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.flags.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { count: 2 },
      },
    ]);
  });

  it('a participant without flags answers an empty list, audited with count 0', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await ofParticipant(participant.id);
    expect(successData(response, participantFlagListSchema)).toEqual([]);
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.flags.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { count: 0 },
      },
    ]);
  });

  it('an unknown id and a staff id are the same 404 with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [staff.id, 987_654]) {
      const response = await ofParticipant(id);
      expect(failure(response, 404, 'NOT_FOUND')._error).toBe(PARTICIPANT_ERRORS.notFound(id));
      expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});
