import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assignableStaffSchema,
  assignResponsibleResultSchema,
  participantCareTeamSchema,
} from '@recovery-portal/contract/care-team';
import { flagListResponseSchema } from '@recovery-portal/contract/flags';
import {
  PARTICIPANT_ERRORS,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import {
  createParticipant,
  createPendingStaff,
  createStaff,
  createSuspendedStaff,
} from '#app/test/factories';
import { statementsOf } from '#app/test/statements-of';
import { call, participantToken, raiseFlag } from './care-team.fixtures';
import { auditedReadsOf } from '#app/test/audit-rows';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const assignRaw = (body: unknown, token: string | null = clinician.access_token) =>
  call(testApp, 'POST', API_PATHS.careTeam.assign, token, body);
const assign = async (ids: number[], clinicianId: number | null, token?: string) =>
  successData(
    await assignRaw({ participant_ids: ids, clinician_id: clinicianId }, token),
    assignResponsibleResultSchema,
  );
const careTeamOf = async (id: number) =>
  successData(
    await call(testApp, 'GET', API_PATHS.careTeam.participant(id), clinician.access_token),
    participantCareTeamSchema,
  );
const listParticipants = async (body: object, token = clinician.access_token) =>
  successData(
    await call(testApp, 'POST', API_PATHS.user.list, token, body),
    participantListResponseSchema,
  );
const listFlags = async (body: object, token = clinician.access_token) =>
  successData(
    await call(testApp, 'POST', API_PATHS.flags.list, token, body),
    flagListResponseSchema,
  );

async function responsibleIds(ids: number[]) {
  const rows = await testApp.db
    .select({ id: users.id, responsible: users.responsibleClinicianId })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.responsible]));
}

describe('assigning the responsible clinician', () => {
  it('a clinician assigns, reassigns and removes the responsible clinician of one participant', async () => {
    const participant = await createParticipant(testApp.db);
    const colleague = await createStaff(testApp.db, { firstName: 'Omar', lastName: 'Reyes' });
    expect(await careTeamOf(participant.id)).toEqual({
      user_id: participant.id,
      responsible: null,
    });

    expect(await assign([participant.id], clinician.user.id)).toEqual({
      participant_ids: [participant.id],
      responsible: { id: clinician.user.id, name: 'Cleo Tester' },
    });
    expect((await careTeamOf(participant.id)).responsible?.id).toBe(clinician.user.id);

    await assign([participant.id], colleague.id);
    expect(await careTeamOf(participant.id)).toEqual({
      user_id: participant.id,
      responsible: { id: colleague.id, name: 'Omar Reyes' },
    });

    await assign([participant.id], null);
    expect((await careTeamOf(participant.id)).responsible).toBeNull();
  });

  it('bulk assignment changes every listed participant and audits each with before and after', async () => {
    const [a, b, c] = [
      await createParticipant(testApp.db),
      await createParticipant(testApp.db),
      await createParticipant(testApp.db),
    ];
    const colleague = await createStaff(testApp.db);
    await assign([a!.id], colleague.id);

    await assign([a!.id, b!.id], clinician.user.id);

    expect(await responsibleIds([a!.id, b!.id, c!.id])).toEqual({
      [a!.id]: clinician.user.id,
      [b!.id]: clinician.user.id,
      [c!.id]: null,
    });
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'participant.care_team.assign'),
          eq(auditLog.actorId, clinician.user.id),
        ),
      );
    const bulk = rows.filter((row) => (row.details as { bulk?: boolean }).bulk);
    expect(bulk.map((row) => [row.subjectId, row.details]).sort()).toEqual(
      [
        [a!.id, { from: colleague.id, to: clinician.user.id, bulk: true }],
        [b!.id, { from: null, to: clinician.user.id, bulk: true }],
      ].sort(),
    );
  });

  it('an administrator can be made responsible; suspended, invited staff and participants cannot', async () => {
    const participant = await createParticipant(testApp.db);
    const admin = await createStaff(testApp.db, { role: 'ADMINISTRATOR' });
    await assign([participant.id], admin.id);

    const other = await createParticipant(testApp.db);
    for (const unassignable of [
      await createSuspendedStaff(testApp.db),
      await createPendingStaff(testApp.db),
      other,
    ]) {
      const envelope = failure(
        await assignRaw({ participant_ids: [participant.id], clinician_id: unassignable.id }),
        422,
        'UNPROCESSABLE',
      );
      expect(envelope._error).toContain('only active clinicians and administrators');
    }
    expect(await responsibleIds([participant.id])).toEqual({ [participant.id]: admin.id });
  });

  it('an unknown participant in a bulk assignment changes nothing (all or nothing)', async () => {
    const participant = await createParticipant(testApp.db);
    const staff = await createStaff(testApp.db);
    failure(
      await assignRaw({
        participant_ids: [participant.id, 2_000_000_000],
        clinician_id: clinician.user.id,
      }),
      404,
      'NOT_FOUND',
    );
    failure(
      await assignRaw({ participant_ids: [staff.id], clinician_id: clinician.user.id }),
      404,
      'NOT_FOUND',
    );
    expect(await responsibleIds([participant.id])).toEqual({ [participant.id]: null });
  });

  it('lists active clinicians and administrators by name, without participants or inactive staff', async () => {
    await createStaff(testApp.db, { firstName: 'Ann', lastName: 'Zed' });
    await createStaff(testApp.db, { role: 'ADMINISTRATOR', firstName: 'Bob', lastName: 'Admin' });
    await createSuspendedStaff(testApp.db, { firstName: 'Sus', lastName: 'Pended' });
    await createParticipant(testApp.db, { firstName: 'Pat' });
    const staff = successData(
      await call(testApp, 'GET', API_PATHS.careTeam.staff, clinician.access_token),
      assignableStaffSchema,
    );
    expect(staff.map((member) => [member.name, member.role])).toEqual([
      ['Ann Zed', 'CLINICIAN'],
      ['Bob Admin', 'ADMINISTRATOR'],
      ['Cleo Tester', 'CLINICIAN'],
    ]);
  });

  it('refuses ugly input with a sentence, never a 500', async () => {
    const participant = await createParticipant(testApp.db);
    for (const body of [
      {},
      { participant_ids: [], clinician_id: clinician.user.id },
      { participant_ids: [participant.id] },
      { participant_ids: [participant.id, participant.id], clinician_id: clinician.user.id },
      { participant_ids: 'all', clinician_id: clinician.user.id },
      { participant_ids: ["1' or '1'='1"], clinician_id: clinician.user.id },
      { participant_ids: Array.from({ length: 101 }, (_, i) => i + 1), clinician_id: 1 },
      { participant_ids: [participant.id], clinician_id: 'x'.repeat(100_000) },
      { participant_ids: [participant.id], clinician_id: -1 },
      { participant_ids: [participant.id], clinician_id: 1.5 },
      { participant_ids: [2 ** 40], clinician_id: 1 },
      [],
    ]) {
      const envelope = failure(await assignRaw(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(10);
    }
    for (const id of ['abc', '-1', '0', '99999999999', "1' or '1'='1"]) {
      failure(
        await call(
          testApp,
          'GET',
          API_PATHS.careTeam.participant(encodeURIComponent(id)),
          clinician.access_token,
        ),
        400,
        'VALIDATION_ERROR',
      );
    }
  });

  it('only clinicians may use the care team: administrators get 403, participants and anonymous 401', async () => {
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const body = { participant_ids: [participant.id], clinician_id: admin.user.id };
    failure(await assignRaw(body, admin.access_token), 403, 'FORBIDDEN');
    failure(
      await call(testApp, 'GET', API_PATHS.careTeam.staff, admin.access_token),
      403,
      'FORBIDDEN',
    );
    // A participant's token is no portal session at all, like no token.
    for (const token of [await participantToken(participant.id), null]) {
      failure(await assignRaw(body, token), 401, 'UNAUTHENTICATED');
      failure(
        await call(testApp, 'GET', API_PATHS.careTeam.participant(participant.id), token),
        401,
        'UNAUTHENTICATED',
      );
    }
    expect(await responsibleIds([participant.id])).toEqual({ [participant.id]: null });
  });
});

describe('"Mine" on the participants list and the Flags screen', () => {
  it('lists only my participants, with the responsible clinician on every row, counted exactly', async () => {
    const colleague = await createStaff(testApp.db, { firstName: 'Omar', lastName: 'Reyes' });
    const mine = [
      await createParticipant(testApp.db, { firstName: 'Zoe' }),
      await createParticipant(testApp.db, { firstName: 'Abe' }),
    ];
    const theirs = await createParticipant(testApp.db, { firstName: 'Moe' });
    await createParticipant(testApp.db, { firstName: 'Nobody' });
    await assign(
      mine.map((p) => p.id),
      clinician.user.id,
    );
    await assign([theirs.id], colleague.id);

    const all = await listParticipants({});
    expect(all.total_participants).toBe(4);
    expect(all.users.find((row) => row.id === theirs.id)?.responsible).toEqual({
      id: colleague.id,
      name: 'Omar Reyes',
    });

    for (const orderBy of ['first_name', 'open_flags', 'last_app_open'] as const) {
      const page = await listParticipants({ mine: true, orderBy });
      expect(page.total_participants).toBe(2);
      expect(page.users.map((row) => row.responsible?.id)).toEqual([
        clinician.user.id,
        clinician.user.id,
      ]);
    }
    expect((await listParticipants({ mine: true })).users.map((row) => row.first_name)).toEqual([
      'Abe',
      'Zoe',
    ]);
    // Another clinician's "Mine" is their own caseload.
    const other = await loginAs(testApp, 'CLINICIAN');
    expect((await listParticipants({ mine: true }, other.access_token)).total_participants).toBe(0);
  });

  it('the Flags screen with mine lists only open flags of my participants', async () => {
    const mine = await createParticipant(testApp.db);
    const theirs = await createParticipant(testApp.db);
    await assign([mine.id], clinician.user.id);
    const myFlag = await raiseFlag(testApp.db, mine.id);
    await raiseFlag(testApp.db, theirs.id);

    expect((await listFlags({})).total).toBe(2);
    const result = await listFlags({ mine: true });
    expect(result.total).toBe(1);
    expect(result.flags.map((flag) => flag.id)).toEqual([myFlag]);
    failure(
      await call(testApp, 'POST', API_PATHS.flags.list, clinician.access_token, { mine: 'yes' }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe("a participant's care team: two round trips", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const careTeamRaw = (id: number | string) =>
    call(testApp, 'GET', API_PATHS.careTeam.participant(id), clinician.access_token);
  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  it('sends the session check, then one statement that reads the responsible clinician and writes the audit row', async () => {
    const participant = await createParticipant(testApp.db);
    await assign([participant.id], clinician.user.id);
    let response = await careTeamRaw(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await careTeamRaw(participant.id);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, participantCareTeamSchema)).toEqual({
      user_id: participant.id,
      responsible: { id: clinician.user.id, name: expect.any(String) },
    });
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.care_team.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: null,
      },
    ]);
  });

  it('a participant without a responsible clinician answers none, audited', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await careTeamRaw(participant.id);
    expect(successData(response, participantCareTeamSchema)).toEqual({
      user_id: participant.id,
      responsible: null,
    });
    expect((await readsOf(response)).map((row) => row.action)).toEqual([
      'participant.care_team.view',
    ]);
  });

  it('an unknown participant and a staff id are 404s with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const response = await careTeamRaw(id);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});

describe('the staff list: two round trips', () => {
  it('sends the session check, then one statement that reads the staff and writes the audit row', async () => {
    await createStaff(testApp.db, { firstName: 'Ann', lastName: 'Zed' });
    await createParticipant(testApp.db);
    const listStaff = () => call(testApp, 'GET', API_PATHS.careTeam.staff, clinician.access_token);
    let response = await listStaff();
    const sent = await statementsOf(testApp, async () => {
      response = await listStaff();
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, assignableStaffSchema).map((member) => member.name)).toEqual([
      'Ann Zed',
      'Cleo Tester',
    ]);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: 'care_team.staff.list',
        subjectType: 'staff_list',
        subjectId: null,
        details: { count: 2 },
      },
    ]);
  });
});
