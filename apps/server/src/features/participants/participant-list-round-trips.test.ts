import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  participantListQuerySchema,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import { auditLog } from '#app/db/schema/audit';
import {
  failure,
  loginAs,
  successData,
  useTestApp,
  type LoggedInStaff,
} from '#app/test/build-test-app';
import { addParticipant, callApi } from '#app/test/participant-fixtures';
import { countStatements } from '#app/test/statement-counter';

// The list is the call clinicians make most: its round trips to the database are its latency
// (DESIGN §7). The session check is one; the total, the page and the audit row the other.
const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  for (const firstName of ['Ada', 'Ben', 'Cleo', 'Dan', 'Eve']) {
    await addParticipant(testApp.db, { firstName, lastName: 'Trips' });
  }
});

const listBody = { search_key: 'trips', page_size: 2, start: 2, orderBy: 'first_name' };

function list(token: string, body: unknown = listBody) {
  return callApi(testApp, 'POST', API_PATHS.user.list, token, body);
}

async function rowsOfRequest(requestId: string) {
  return testApp.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
}

it('a list call sends two statements and no transaction, for every way a page is read', async () => {
  const bodies = [
    listBody,
    {},
    { start: 4, page_size: 2 },
    { search_key: 'tr', orderBy: 'last_app_open', orderDirection: 'desc' },
    { orderBy: 'open_flags', start: 3 },
    { start: 50 },
    { not_reviewed_days: 7, mine: true },
  ];
  for (const body of bodies) {
    let status = 0;
    const sent = await countStatements(testApp.database, async () => {
      status = (await list(clinician.access_token, body)).statusCode;
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(sent, JSON.stringify(body)).toEqual({ statements: 2, transactions: 0 });
  }
});

it('the audit row of a list call is written, in full, before the answer arrives', async () => {
  const response = await list(clinician.access_token);
  const data = successData(response, participantListResponseSchema);
  expect(data.users.map((row) => row.first_name)).toEqual(['Cleo', 'Dan']);
  expect(data.total_participants).toBe(5);
  const rows = await rowsOfRequest(String(response.headers['x-request-id']));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    action: AUDIT_ACTIONS.participantsList,
    actorId: clinician.user.id,
    actorEmail: clinician.email,
    actorName: `Cleo Tester <${clinician.email}>`,
    subjectType: 'participant_list',
    subjectId: null,
    subjectName: null,
    clientAddress: '127.0.0.1',
    details: {
      query: participantListQuerySchema.parse(listBody),
      returned: data.users.map((row) => row.id),
    },
  });
  // A page past the end lists no one, and says so.
  const past = await list(clinician.access_token, { ...listBody, start: 40 });
  const [pastRow] = await rowsOfRequest(String(past.headers['x-request-id']));
  expect(pastRow?.details).toMatchObject({ returned: [] });
});

it('a revoked session is refused on its very next list call, which lists no one in the trail', async () => {
  const other = await loginAs(testApp, 'CLINICIAN');
  successData(await list(other.access_token), participantListResponseSchema);
  await revokeAllUserTokens(testApp.db, other.user.id);
  const refused = await list(other.access_token);
  failure(refused, 401, 'UNAUTHENTICATED');
  const requestId = String(refused.headers['x-request-id']);
  const listed = await testApp.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, AUDIT_ACTIONS.participantsList), eq(auditLog.requestId, requestId)),
    );
  expect(listed).toEqual([]);
});
