import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARE_TEAM_DIGEST_MAIL } from '@recovery-portal/contract/care-team';
import { outbox } from '#app/db/schema/outbox';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { createOutboxMailer } from '#app/mail/mailer';
import { buildTestApp, type TestApp } from '#app/test/build-test-app';
import { createParticipant, createStaff, createSuspendedStaff } from '#app/test/factories';
import { raiseFlag } from './care-team.fixtures';
import { digestLink, sendCareTeamDigests } from './care-team-digest';

const INTERVAL_MINUTES = 60;
const MINUTE = 60_000;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  await testApp.reset();
});

/** One run of the digest at `minutesLater` after the pinned now, through the outbox. */
function runAt(minutesLater: number) {
  return sendCareTeamDigests(
    {
      db: testApp.db,
      mailer: createOutboxMailer(testApp.db, testApp.app.log),
      publicUrl: 'http://portal.test',
      intervalMinutes: INTERVAL_MINUTES,
    },
    new Date(Date.now() + minutesLater * MINUTE),
  );
}

const mail = () => testApp.db.select().from(outbox).orderBy(outbox.id);

async function caseload(staffId: number, count: number) {
  const participants = [];
  for (let i = 0; i < count; i += 1) {
    const participant = await createParticipant(testApp.db, {
      firstName: `Maria${i}`,
      lastName: 'Lopez',
    });
    await testApp.db
      .update(users)
      .set({ responsibleClinicianId: staffId })
      .where(eq(users.id, participant.id));
    participants.push(participant);
  }
  return participants;
}

describe('critical-flag digest', () => {
  it('tells the responsible clinician a count and a link, with no name or flag text', async () => {
    const clinician = await createStaff(testApp.db, { email: 'cleo@clinic.test' });
    const [a, b] = await caseload(clinician.id, 2);
    await raiseFlag(testApp.db, a!.id);
    await raiseFlag(testApp.db, b!.id);
    await raiseFlag(testApp.db, b!.id, 'HIGH');

    expect(await runAt(0)).toBe(1);

    const [message, ...rest] = await mail();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      recipient: 'cleo@clinic.test',
      subject: CARE_TEAM_DIGEST_MAIL.subject,
      text: CARE_TEAM_DIGEST_MAIL.text(2, 'http://portal.test/flags?mine=1'),
    });
    const everything = `${message?.subject} ${message?.text}`;
    for (const phi of ['Maria', 'Lopez', 'chest', a!.email, b!.email]) {
      expect(everything).not.toContain(phi);
    }
    expect(digestLink('http://portal.test')).toBe('http://portal.test/flags?mine=1');
  });

  it('sends at most one digest per interval and never counts a flag twice', async () => {
    const clinician = await createStaff(testApp.db);
    const [a] = await caseload(clinician.id, 1);
    await raiseFlag(testApp.db, a!.id);
    expect(await runAt(0)).toBe(1);

    // Nothing new: nothing sent, however much later.
    expect(await runAt(INTERVAL_MINUTES * 3)).toBe(0);

    // A new flag within the interval waits for the interval to pass.
    await raiseFlag(testApp.db, a!.id);
    expect(await runAt(INTERVAL_MINUTES - 1)).toBe(0);
    expect(await runAt(INTERVAL_MINUTES)).toBe(1);
    const texts = (await mail()).map((row) => row.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(CARE_TEAM_DIGEST_MAIL.text(1, 'http://portal.test/flags?mine=1'));
  });

  it('two servers running at once send one digest', async () => {
    const clinician = await createStaff(testApp.db);
    const participants = await caseload(clinician.id, 3);
    for (const participant of participants) await raiseFlag(testApp.db, participant.id);

    const sent = await Promise.all([runAt(0), runAt(0)]);

    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await mail()).toHaveLength(1);
  });

  it('leaves out acknowledged flags, unassigned participants and inactive staff', async () => {
    const clinician = await createStaff(testApp.db);
    const suspended = await createSuspendedStaff(testApp.db);
    const [acknowledged] = await caseload(clinician.id, 1);
    const [ofSuspended] = await caseload(suspended.id, 1);
    const unassigned = await createParticipant(testApp.db);
    const flagId = await raiseFlag(testApp.db, acknowledged!.id);
    await testApp.db
      .update(clinicalFlags)
      .set({ status: 'ACKNOWLEDGED', acknowledgedAt: new Date() })
      .where(eq(clinicalFlags.id, flagId));
    await raiseFlag(testApp.db, ofSuspended!.id);
    await raiseFlag(testApp.db, unassigned.id);

    expect(await runAt(0)).toBe(0);
    expect(await mail()).toEqual([]);
  });
});
