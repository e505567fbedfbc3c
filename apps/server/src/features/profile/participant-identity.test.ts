import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { MRN_MESSAGES } from '@recovery-portal/contract/participant-identity';
import {
  PARTICIPANT_ERRORS,
  participantListResponseSchema,
  participantListRowSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantProfileSchema } from '@recovery-portal/contract/profile';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import { callApi, seedGroups, type HttpMethod } from '#app/test/participant-fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let groups: Map<string, number>;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  groups = await seedGroups(testApp.db, ['CZ', 'Knee Recovery']);
});

const as = (method: HttpMethod, url: string, body?: unknown) =>
  callApi(testApp, method, url, clinician.access_token, body);
const invite = (body: Record<string, unknown>) =>
  as('POST', API_PATHS.user.create, {
    name: 'Nora Quist',
    type: 'Internal',
    group: 'CZ',
    ...body,
  });
const update = (body: unknown) => as('PATCH', API_PATHS.user.update, body);

async function stored(id: number) {
  const [row] = await testApp.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('record number (MRN)', () => {
  it('a clinician invites with a record number, kept trimmed and upper-case, and finds the participant by it', async () => {
    const row = successData(
      await invite({ email: 'nora@example.org', mrn: '  ab-00417 ' }),
      participantListRowSchema,
    );
    expect(row).toMatchObject({ mrn: 'AB-00417', birth_date: null });
    expect((await stored(row.id))?.mrn).toBe('AB-00417');
    await createParticipant(testApp.db, { firstName: 'Other', email: 'other@example.org' });

    for (const search_key of ['ab-00417', '00417', 'AB-004']) {
      const found = successData(
        await as('POST', API_PATHS.user.list, { status: '', search_key }),
        participantListResponseSchema,
      );
      expect(found.users.map((user) => user.first_name)).toEqual(['Nora']);
      expect(found.total_participants).toBe(1);
    }
  });

  it('the record number is optional, and an empty one is none', async () => {
    const row = successData(
      await invite({ email: 'none@example.org', mrn: '' }),
      participantListRowSchema,
    );
    expect(row.mrn).toBeNull();
    const second = successData(
      await invite({ email: 'none2@example.org' }),
      participantListRowSchema,
    );
    expect(second.mrn).toBeNull();
  });

  it('a record number another participant has is refused with 409 naming it, in any case', async () => {
    successData(
      await invite({ email: 'first@example.org', mrn: 'K1234' }),
      participantListRowSchema,
    );
    const envelope = failure(
      await invite({ email: 'second@example.org', mrn: 'k1234' }),
      409,
      'CONFLICT',
    );
    expect(envelope._error).toBe(MRN_MESSAGES.taken('K1234'));
    const [again] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, 'second@example.org'));
    expect(again).toBeUndefined();
  });

  it('malformed record numbers are refused with 400 and a sentence', async () => {
    for (const mrn of ['-12', 'A B', 'x'.repeat(21), '12;drop', 42, 'ü123']) {
      const envelope = failure(
        await invite({ email: 'bad@example.org', mrn }),
        400,
        'VALIDATION_ERROR',
      );
      expect(envelope._error).toContain(MRN_MESSAGES.invalid);
    }
  });
});

describe('editing a participant’s identity (PATCH /api/user/update)', () => {
  it('a clinician corrects first and last name, email, phone, birth date, group and record number; the audit row keeps before and after', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Jon',
      lastName: 'Smyth',
      email: 'jon@example.org',
    });
    const profile = successData(
      await update({
        id: participant.id,
        first_name: ' John ',
        last_name: 'Smith-Jones',
        email: 'John.Smith@Example.org',
        phone_number: '+1 555 0199',
        birth_date: '1961-03-02',
        group: 'Knee Recovery',
        mrn: 'mrn-77',
      }),
      participantProfileSchema,
    );
    expect(profile).toMatchObject({
      first_name: 'John',
      last_name: 'Smith-Jones',
      user_name: 'john.smith@example.org',
      phone_number: '+1 555 0199',
      birth_date: '1961-03-02',
      group: 'Knee Recovery',
      group_id: groups.get('Knee Recovery'),
      mrn: 'MRN-77',
    });

    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'participant.update'), eq(auditLog.subjectId, participant.id)),
      );
    expect(audit?.details).toEqual({
      changed: ['first_name', 'last_name', 'email', 'mrn', 'phone_number', 'birth_date', 'group'],
      changes: {
        first_name: { before: 'Jon', after: 'John' },
        last_name: { before: 'Smyth', after: 'Smith-Jones' },
        email: { before: 'jon@example.org', after: 'john.smith@example.org' },
        mrn: { before: null, after: 'MRN-77' },
        phone_number: { before: null, after: '+1 555 0199' },
        birth_date: { before: null, after: '1961-03-02' },
        group: { before: null, after: 'Knee Recovery' },
      },
    });

    // The list, its search and the profile all show the corrected details.
    const list = successData(
      await as('POST', API_PATHS.user.list, { status: '', search_key: 'mrn-77' }),
      participantListResponseSchema,
    );
    expect(list.users).toEqual([
      expect.objectContaining({
        first_name: 'John',
        last_name: 'Smith-Jones',
        user_name: 'john.smith@example.org',
        birth_date: '1961-03-02',
        mrn: 'MRN-77',
      }),
    ]);
  });

  it('saving unchanged values changes nothing and records no differences; clearing the record number frees it', async () => {
    const participant = await createParticipant(testApp.db, { email: 'same@example.org' });
    successData(await update({ id: participant.id, mrn: 'Z9' }), participantProfileSchema);
    successData(
      await update({ id: participant.id, email: 'SAME@example.org', mrn: 'z9' }),
      participantProfileSchema,
    );
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'participant.update'), eq(auditLog.subjectId, participant.id)),
      );
    expect(rows.map((row) => row.details)).toEqual([
      { changed: ['mrn'], changes: { mrn: { before: null, after: 'Z9' } } },
      { changed: [], changes: {} },
    ]);

    successData(await update({ id: participant.id, mrn: '' }), participantProfileSchema);
    expect((await stored(participant.id))?.mrn).toBeNull();
    const other = await createParticipant(testApp.db);
    const taken = successData(await update({ id: other.id, mrn: 'Z9' }), participantProfileSchema);
    expect(taken.mrn).toBe('Z9');
  });

  it('an email or record number someone else has is a 409 with a sentence, and nothing changes', async () => {
    const staff = await createStaff(testApp.db, { email: 'doctor@clinic.example' });
    const holder = await createParticipant(testApp.db, { email: 'holder@example.org' });
    successData(await update({ id: holder.id, mrn: 'H-1' }), participantProfileSchema);
    const participant = await createParticipant(testApp.db, {
      firstName: 'Keep',
      email: 'keep@example.org',
    });

    for (const email of ['Holder@Example.org', staff.email]) {
      const envelope = failure(
        await update({ id: participant.id, first_name: 'Changed', email }),
        409,
        'CONFLICT',
      );
      expect(envelope._error).toBe(PARTICIPANT_ERRORS.emailTaken);
    }
    const envelope = failure(
      await update({ id: participant.id, first_name: 'Changed', mrn: 'h-1' }),
      409,
      'CONFLICT',
    );
    expect(envelope._error).toBe(MRN_MESSAGES.taken('H-1'));
    expect(await stored(participant.id)).toMatchObject({
      firstName: 'Keep',
      email: 'keep@example.org',
      mrn: null,
    });
  });

  it('each field is validated as at invitation: 400 with a sentence, never a 500', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Keep' });
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, MESSAGES.validation.firstNameRequired],
      [{ first_name: '7even' }, MESSAGES.validation.firstNameStartsWithDigit],
      [{ first_name: 'x'.repeat(10_000) }, MESSAGES.validation.nameTooLong],
      [{ first_name: 42 }, MESSAGES.validation.firstNameRequired],
      [{ last_name: '9th' }, MESSAGES.validation.lastNameInvalid],
      [{ email: 'not-an-email' }, MESSAGES.validation.emailInvalid],
      [{ email: `${'a'.repeat(300)}@example.org` }, MESSAGES.validation.emailTooLong],
      [{ email: null }, MESSAGES.validation.emailRequired],
      [{ mrn: 'has space' }, MRN_MESSAGES.invalid],
      [{ mrn: ['A1'] }, MRN_MESSAGES.invalid],
    ];
    for (const [fields, message] of cases) {
      const envelope = failure(
        await update({ id: participant.id, ...fields }),
        400,
        'VALIDATION_ERROR',
      );
      expect(envelope._error).toContain(message);
    }
    expect((await stored(participant.id))?.firstName).toBe('Keep');
  });

  it('only clinicians edit participants: administrators get a 404, anonymous callers a 401', async () => {
    const participant = await createParticipant(testApp.db, { firstName: 'Keep' });
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(
      await callApi(testApp, 'PATCH', API_PATHS.user.update, admin.access_token, {
        id: participant.id,
        name: 'Changed',
        email: 'changed@example.org',
      }),
      404,
      'NOT_FOUND',
    );
    failure(
      await callApi(testApp, 'PATCH', API_PATHS.user.update, null, {
        id: participant.id,
        first_name: 'Changed',
      }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await stored(participant.id))?.firstName).toBe('Keep');
  });
});
