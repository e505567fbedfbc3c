import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  auditListResponseSchema,
  type AuditAction,
  type AuditListRequest,
} from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import {
  authHeaders,
  failure,
  loginAs,
  successData,
  useTestApp,
  type LoggedInStaff,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';

const testApp = useTestApp();
let admin: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

/** The migration that gave participants one subject type (its number follows main's). */
const migrationsFolder = new URL('../../db/migrations/', import.meta.url);
const MIGRATION_FILE = readdirSync(migrationsFolder).find((name) =>
  name.endsWith('_audit-participant-subjects.sql'),
);
const MIGRATION_SQL = readFileSync(
  new URL(MIGRATION_FILE ?? 'missing.sql', migrationsFolder),
  'utf8',
);

/** As the migrator runs it: statement by statement, in one transaction. */
async function runMigration() {
  await testApp.db.transaction(async (tx) => {
    for (const statement of MIGRATION_SQL.split('--> statement-breakpoint')) {
      await tx.execute(sql.raw(statement));
    }
  });
}

function inject(method: 'PATCH' | 'POST', url: string, token: string, payload: object) {
  return testApp.app.inject({ method, url, headers: authHeaders(token), payload });
}

async function entriesOf(body: AuditListRequest) {
  const response = await inject('POST', API_PATHS.audit.list, admin.access_token, body);
  return successData(response, auditListResponseSchema).entries;
}

describe('one subject type per kind of subject', () => {
  it("a participant changed through the participant actions is found by the 'participant' filter, a staff member by 'user'", async () => {
    const participant = await createParticipant(testApp.db);
    const staff = await createStaff(testApp.db);
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const suspended = await inject('PATCH', API_PATHS.account.suspend, clinician.access_token, {
      user_id: participant.id,
    });
    expect(suspended.statusCode).toBe(200);
    const deactivated = await inject('PATCH', API_PATHS.user.clinicianStatus, admin.access_token, {
      id: staff.id,
      status: 'SUSPENDED',
    });
    expect(deactivated.statusCode).toBe(200);

    const participantRows = await entriesOf({ subject_type: 'participant' });
    expect(participantRows).toContainEqual(
      expect.objectContaining({
        action: AUDIT_ACTIONS.participantSuspend,
        subject_type: 'participant',
        subject_id: participant.id,
      }),
    );
    expect(participantRows.every((row) => row.subject_type === 'participant')).toBe(true);

    const staffRows = await entriesOf({ subject_type: 'user' });
    expect(staffRows).toContainEqual(
      expect.objectContaining({
        action: AUDIT_ACTIONS.clinicianDeactivate,
        subject_type: 'user',
        subject_id: staff.id,
      }),
    );
    expect(staffRows.some((row) => row.subject_id === participant.id)).toBe(false);
  });

  it('an unknown or malformed subject type is refused with a sentence', async () => {
    for (const subject_type of ['patient', 'USER', 7, 'x'.repeat(10_000)]) {
      const response = await inject('POST', API_PATHS.audit.list, admin.access_token, {
        subject_type,
      });
      expect(failure(response, 400, 'VALIDATION_ERROR').error.message).toMatch(/subject_type/);
    }
    const exported = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.audit.export,
      query: { subject_type: 'patient' },
      headers: authHeaders(admin.access_token),
    });
    expect(exported.statusCode).toBe(400);
  });
});

describe('the migration to one participant subject type', () => {
  async function seedOldRow(action: AuditAction, subjectId: number, actorEmail: string) {
    const [row] = await testApp.db
      .insert(auditLog)
      .values({
        actorEmail,
        action,
        subjectType: 'user',
        subjectId,
        details: { kept: true },
        clientAddress: '10.1.2.3',
        requestId: randomBytes(8).toString('hex'),
      })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  it("turns old 'user' rows about participants, deleted ones included, into 'participant' and leaves staff and every other column alone", async () => {
    const actorEmail = `old@${randomBytes(4).toString('hex')}.audit.test`;
    const participant = await createParticipant(testApp.db);
    const staff = await createStaff(testApp.db);
    const suspended = await seedOldRow(
      AUDIT_ACTIONS.participantSuspend,
      participant.id,
      actorEmail,
    );
    const nudgeView = await seedOldRow(AUDIT_ACTIONS.nudgeView, participant.id, actorEmail);
    // Deleted: no users row left to tell the role, the action does.
    const deleted = await seedOldRow(AUDIT_ACTIONS.participantDelete, 987_654, actorEmail);
    const staffRow = await seedOldRow(AUDIT_ACTIONS.clinicianUpdate, staff.id, actorEmail);

    await runMigration();

    const after = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, actorEmail))
      .orderBy(auditLog.id);
    expect(after).toEqual([
      { ...suspended, subjectType: 'participant' },
      { ...nudgeView, subjectType: 'participant' },
      { ...deleted, subjectType: 'participant' },
      staffRow,
    ]);
  });

  it('leaves the trail append-only afterwards, the change it made included', async () => {
    const staff = await createStaff(testApp.db);
    const row = await seedOldRow(AUDIT_ACTIONS.clinicianUpdate, staff.id, 'keep@audit.test');
    await runMigration();
    const attempt = testApp.db
      .update(auditLog)
      .set({ subjectType: 'participant' })
      .where(inArray(auditLog.id, [row.id]));
    const error: unknown = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    const messages: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    expect(messages.join(' | ')).toContain('audit_log is append-only');
  });
});
