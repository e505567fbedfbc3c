import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  NUDGE_EFFECTIVENESS_MAX_TITLES,
  nudgeEffectivenessSchema,
  type NudgeEffectiveness,
} from '@recovery-portal/contract/nudge-effectiveness';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { nudges } from '#app/db/schema/nudges';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createNudge, createParticipant, createStaff } from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const getEffectiveness = (query: string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', `${API_PATHS.nudge.effectiveness}?${query}`, token);

async function effectiveness(query = ''): Promise<NudgeEffectiveness> {
  return successData(await getEffectiveness(query), nudgeEffectivenessSchema);
}

const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Day `day` (1-based) of the calendar month `monthsAgo` before today's, as YYYY-MM-DD (UTC). */
function dayOfMonthBefore(monthsAgo: number, day: number): string {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, day))
    .toISOString()
    .slice(0, 10);
}

/** The known month: two calendar months before today's, so every nudge in it has been sent. */
const monthDay = (day: number) => dayOfMonthBefore(2, day);
const monthStart = monthDay(1);
/** Day 0 of the next month is this month's last day (28 to 31). */
const monthEnd = dayOfMonthBefore(1, 0);
const opened = new Date(`${monthDay(2)}T10:00:00Z`);

/**
 * A known month of nudges for an Internal participant:
 * 'Time for a short walk' — 4 sent: 2 thumbs up, 1 thumbs down (all opened), 1 never opened.
 * 'Drink a glass of water' — 2 sent: 1 opened without feedback, 1 never opened.
 * Not sent, so never counted: a PENDING and a CANCELLED walk.
 */
async function seedKnownMonth() {
  const internal = await createParticipant(testApp.db, { participantType: 'Internal' });
  const walk = { title: 'Time for a short walk', targetDate: monthDay(2) };
  const water = { title: 'Drink a glass of water', targetDate: monthDay(10) };
  await createNudge(testApp.db, internal.id, {
    ...walk,
    trackingType: 'COMPLETED',
    feedbackType: 'THUMBS_UP',
    openedAt: opened,
  });
  await createNudge(testApp.db, internal.id, {
    ...walk,
    targetDate: monthEnd,
    trackingType: 'INACTIVE',
    feedbackType: 'THUMBS_UP',
    openedAt: opened,
  });
  await createNudge(testApp.db, internal.id, {
    ...walk,
    targetDate: monthStart,
    trackingType: 'ACTIVE',
    feedbackType: 'THUMBS_DOWN',
    openedAt: opened,
  });
  await createNudge(testApp.db, internal.id, { ...walk, trackingType: 'INACTIVE' });
  await createNudge(testApp.db, internal.id, { ...walk, trackingType: 'PENDING' });
  await createNudge(testApp.db, internal.id, { ...walk, trackingType: 'CANCELLED' });
  await createNudge(testApp.db, internal.id, {
    ...water,
    trackingType: 'COMPLETED',
    openedAt: opened,
  });
  await createNudge(testApp.db, internal.id, { ...water, trackingType: 'INACTIVE' });
  return internal;
}

describe('nudge effectiveness', () => {
  it('clinician sees per title how many were sent, the feedback shares and the open rate', async () => {
    const internal = await seedKnownMonth();
    // Other types, periods and staff accounts stay out of the Internal tab's month.
    const pilot = await createParticipant(testApp.db, { participantType: 'Pilot' });
    await createNudge(testApp.db, pilot.id, {
      title: 'Time for a short walk',
      targetDate: monthDay(5),
      trackingType: 'COMPLETED',
      feedbackType: 'THUMBS_DOWN',
      openedAt: opened,
    });
    await createNudge(testApp.db, internal.id, {
      title: 'Time for a short walk',
      targetDate: dayOfMonthBefore(1, 1),
      trackingType: 'COMPLETED',
    });
    const staff = await createStaff(testApp.db);
    await createNudge(testApp.db, staff.id, {
      title: 'Time for a short walk',
      targetDate: monthDay(5),
      trackingType: 'COMPLETED',
    });

    const period = `date_from=${monthStart}&date_to=${monthEnd}`;
    const month = await effectiveness(`${period}&user_type=Internal`);
    expect(month).toMatchObject({ date_from: monthStart, date_to: monthEnd, total_titles: 2 });
    expect(month.titles).toEqual([
      {
        title: 'Time for a short walk',
        sent: 4,
        opened: 3,
        thumbs_up: 2,
        thumbs_down: 1,
        no_feedback: 1,
        open_rate: 0.75,
        thumbs_up_share: 0.5,
        thumbs_down_share: 0.25,
        no_feedback_share: 0.25,
      },
      {
        title: 'Drink a glass of water',
        sent: 2,
        opened: 1,
        thumbs_up: 0,
        thumbs_down: 0,
        no_feedback: 2,
        open_rate: 0.5,
        thumbs_up_share: 0,
        thumbs_down_share: 0,
        no_feedback_share: 1,
      },
    ]);
    expect(month.totals).toEqual({
      sent: 6,
      opened: 4,
      thumbs_up: 2,
      thumbs_down: 1,
      no_feedback: 3,
      open_rate: 0.6667,
      thumbs_up_share: 0.3333,
      thumbs_down_share: 0.1667,
      no_feedback_share: 0.5,
    });

    // Every type: the Pilot's walk joins; the staff member's never does.
    const allTypes = await effectiveness(period);
    expect(allTypes.titles[0]).toMatchObject({ sent: 5, thumbs_down: 2, opened: 4 });
    expect(allTypes.totals.sent).toBe(7);
    // An empty user_type is every type, as on the list.
    expect((await effectiveness(`${period}&user_type=`)).totals.sent).toBe(7);
    // One day: both ends inclusive.
    const firstDay = await effectiveness(`date_from=${monthStart}&date_to=${monthStart}`);
    expect(firstDay.titles).toEqual([
      expect.objectContaining({ title: 'Time for a short walk', sent: 1, thumbs_down: 1 }),
    ]);
  });

  it('an empty period answers zeros, and nudges after today are not counted as sent', async () => {
    await seedKnownMonth();
    const empty = await effectiveness(
      `date_from=${dayOfMonthBefore(14, 1)}&date_to=${dayOfMonthBefore(13, 0)}`,
    );
    expect(empty).toMatchObject({
      titles: [],
      total_titles: 0,
      totals: {
        sent: 0,
        opened: 0,
        thumbs_up: 0,
        thumbs_down: 0,
        no_feedback: 0,
        open_rate: 0,
        thumbs_up_share: 0,
        thumbs_down_share: 0,
        no_feedback_share: 0,
      },
    });

    const participant = await createParticipant(testApp.db);
    await createNudge(testApp.db, participant.id, {
      title: 'Scheduled ahead',
      targetDate: daysFromToday(3),
      trackingType: 'ACTIVE',
    });
    const ahead = await effectiveness(`date_from=${daysFromToday(1)}`);
    expect(ahead).toMatchObject({ titles: [], as_of: daysFromToday(0) });
    // Without a period every sent nudge so far counts.
    const all = await effectiveness();
    expect(all).toMatchObject({ date_from: null, date_to: null, total_titles: 2 });
    expect(all.totals.sent).toBe(6);
  });

  it('lists the most sent titles first, at most the maximum, with the count of all titles', async () => {
    const participant = await createParticipant(testApp.db);
    const count = NUDGE_EFFECTIVENESS_MAX_TITLES + 5;
    await testApp.db.insert(nudges).values(
      Array.from({ length: count }, (_, index) => ({
        userId: participant.id,
        title: `Title ${String(index).padStart(3, '0')}`,
        content: 'x',
        targetDate: monthStart,
        sendTime: '09:00',
        trackingType: 'COMPLETED' as const,
      })),
    );
    await createNudge(testApp.db, participant.id, {
      title: 'Title 054',
      targetDate: monthDay(2),
      trackingType: 'COMPLETED',
    });
    const result = await effectiveness();
    expect(result.total_titles).toBe(count);
    expect(result.titles).toHaveLength(NUDGE_EFFECTIVENESS_MAX_TITLES);
    expect(result.titles.slice(0, 3).map((row) => [row.title, row.sent])).toEqual([
      ['Title 054', 2],
      ['Title 000', 1],
      ['Title 001', 1],
    ]);
    expect(result.totals.sent).toBe(count + 1);
  });

  it('refuses reversed, impossible and malformed periods and unknown types with a sentence', async () => {
    const cases: [string, string][] = [
      ['date_from=2025-05-31&date_to=2025-05-01', 'date_from must not be after date_to.'],
      ['date_from=2025-02-30', 'date_from must be a date written YYYY-MM-DD.'],
      ['date_to=31/05/2025', 'date_to must be a date written YYYY-MM-DD.'],
      [`date_from=${'2'.repeat(5000)}`, 'date_from must be a date written YYYY-MM-DD.'],
      ["date_to=2025-05-01'%20or%201=1--", 'date_to must be a date written YYYY-MM-DD.'],
      ['user_type=Everyone', 'user_type must be one of Internal, Pilot or Demo.'],
      ['date_from=2025-01-01&date_from=2025-02-01', 'date_from must'],
    ];
    for (const [query, message] of cases) {
      const envelope = failure(await getEffectiveness(query), 400, 'VALIDATION_ERROR');
      expect(envelope._error, query).toContain(message);
    }
  });

  it('only clinicians may see it', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getEffectiveness('', admin.access_token), 403, 'FORBIDDEN');
    failure(await getEffectiveness('', null), 401, 'UNAUTHENTICATED');
    failure(await getEffectiveness('', 'not-a-token'), 401, 'UNAUTHENTICATED');
  });
});

describe('nudge effectiveness: two round trips', () => {
  it('sends the session check, then one statement that counts the nudges and writes the audit row', async () => {
    await seedKnownMonth();
    const query = `date_from=${monthStart}&date_to=${monthEnd}&user_type=Internal`;
    let response = await getEffectiveness(query);
    const sent = await statementsOf(testApp, async () => {
      response = await getEffectiveness(query);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const result = successData(response, nudgeEffectivenessSchema);
    expect(result.titles.map((title) => [title.title, title.sent])).toEqual([
      ['Time for a short walk', 4],
      ['Drink a glass of water', 2],
    ]);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.nudgeEffectiveness,
        subjectType: null,
        subjectId: null,
        details: { filters: { date_from: monthStart, date_to: monthEnd, user_type: 'Internal' } },
      },
    ]);
  });

  it('a period starting after today counts nothing, in the same two statements', async () => {
    await seedKnownMonth();
    const query = `date_from=${daysFromToday(1)}`;
    let response = await getEffectiveness(query);
    const sent = await statementsOf(testApp, async () => {
      response = await getEffectiveness(query);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    const result = successData(response, nudgeEffectivenessSchema);
    expect(result.titles).toEqual([]);
    expect(result.totals.sent).toBe(0);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.nudgeEffectiveness,
        subjectType: null,
        subjectId: null,
        details: { filters: { date_from: daysFromToday(1) } },
      },
    ]);
  });
});
