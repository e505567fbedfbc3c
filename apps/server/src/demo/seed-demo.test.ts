import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { NUDGE_STATUSES } from '@recovery-portal/contract/nudges';
import { PARTICIPANT_TYPES, USER_STATUSES } from '@recovery-portal/contract/users';
import type { Database, DatabaseHandle } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { appMeta } from '#app/db/schema/app-meta';
import { users } from '#app/db/schema/users';
import { verifyPassword } from '#app/core/staff-accounts/passwords';
import { DEMO_ACCOUNTS, DEMO_PARTICIPANT, DEMO_PASSWORD } from './demo-accounts';
import { DEMO_PARTICIPANT_COUNT } from './demo-generator';
import { generateParticipantProfile } from './participant-profile';
import { generateParticipantTimeline } from './participant-timeline';
import { addDays, isoDate, startOfUtcDay } from './seed-dates';
import { createSeedFaker, DEMO_SEED } from './seed-random';
import { isDemoSeeded, seedDemoData } from './seed-demo';
import { SURGERY_PROCEDURE_OF } from './surgery-generator';
import { SURVEY_DEFINITIONS } from '#app/core/surveys/programme-surveys';
import { TIMELINE_VOLUMES } from './timeline-types';
import { openMigratedPglite } from '#app/test/migrated-pglite';

const NOW = new Date('2026-03-10T15:30:00Z');
const TODAY = isoDate(NOW);
const TABLES = [
  'users',
  'user_groups',
  'participant_activity',
  'participant_stats',
  'nudges',
  'conversations',
  'surveys',
  'survey_responses',
  'measurements',
  'digital_twins',
  'marker_memberships',
  'segments',
  'clinical_records',
  'surgeries',
  'pain_logs',
] as const;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

/** Names, emails, statuses and per-table counts: ids are left out (sequences are not transactional). */
async function digest(db: Database): Promise<string> {
  const people = await db
    .select({
      email: users.email,
      first: users.firstName,
      last: users.lastName,
      status: users.status,
      type: users.participantType,
      birth: users.birthDate,
      tracker: users.tracker,
    })
    .from(users)
    .where(eq(users.role, 'PARTICIPANT'))
    .orderBy(users.email);
  return createHash('sha256')
    .update(JSON.stringify({ people, counts: await tableCounts(db) }))
    .digest('hex');
}

async function values<T>(db: Database, query: string): Promise<T[]> {
  return (await rows<{ v: T }>(db, sql.raw(query))).map((r) => r.v);
}

let first: DatabaseHandle;
let second: DatabaseHandle;
let db: Database;
let seedMs = 0;

beforeAll(async () => {
  [first, second] = await Promise.all([openMigratedPglite(), openMigratedPglite()]);
  db = first.db;
  const started = performance.now();
  await seedDemoData(db, { now: NOW });
  seedMs = performance.now() - started;
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('demo seed', () => {
  it(`creates ${DEMO_PARTICIPANT_COUNT} participants and marks the database as seeded`, async () => {
    // Printed so the seeding time of the embedded demo shows up in test output.
    process.stdout.write(
      `demo seed of ${DEMO_PARTICIPANT_COUNT} participants: ${Math.round(seedMs)} ms\n`,
    );
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where role = 'PARTICIPANT'`,
    );
    expect(row?.n).toBe(DEMO_PARTICIPANT_COUNT);
    expect(await isDemoSeeded(db)).toBe(true);
  });

  it('the demo clinician is responsible for some participants and has tasks, some overdue', async () => {
    const [caseload] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u join users c on c.id = u.responsible_clinician_id
          where c.email = 'clinician@demo.test' and u.role = 'PARTICIPANT'`,
    );
    expect(caseload?.n).toBeGreaterThanOrEqual(5);
    const today = isoDate(startOfUtcDay(NOW));
    const [counts] = await rows<{ open: number; overdue: number; done: number }>(
      db,
      sql`select count(*) filter (where done_at is null)::int as open,
                 count(*) filter (where done_at is null and due_on < ${today}::date)::int as overdue,
                 count(*) filter (where done_at is not null)::int as done
          from tasks t join users c on c.id = t.assignee_id where c.email = 'clinician@demo.test'`,
    );
    expect(counts).toEqual({ open: 5, overdue: 2, done: 1 });
  });

  it('a second seed does nothing', async () => {
    const before = await tableCounts(db);
    expect(await seedDemoData(db, { now: addDays(NOW, 3) })).toBe(false);
    expect(await tableCounts(db)).toEqual(before);
  });

  it('a seed that fails midway leaves nothing, and the next one gives identical data for the same day', async () => {
    const other = second.db;
    // A participant's email taken in advance makes the seed fail after the staff accounts.
    const blocker = generateParticipantProfile(createSeedFaker(), 40, {
      baseSeed: DEMO_SEED,
      today: startOfUtcDay(NOW),
      groupIds: new Map(),
    });
    const [taken] = await other
      .insert(users)
      .values({ role: 'PARTICIPANT', status: 'ACTIVATED', email: blocker.user.email })
      .returning({ id: users.id });
    const before = await tableCounts(other);
    await expect(seedDemoData(other, { now: NOW })).rejects.toThrow();
    expect(await isDemoSeeded(other)).toBe(false);
    expect(await tableCounts(other)).toEqual(before);
    expect(before).toMatchObject({ users: 1, nudges: 0, measurements: 0, surveys: 0 });

    await other.delete(users).where(eq(users.id, taken?.id ?? -1));
    // A later hour of the same day gives the same programme.
    expect(await seedDemoData(other, { now: new Date('2026-03-10T06:00:00Z') })).toBe(true);
    expect(await digest(other)).toBe(await digest(db));
  });

  it('a demo of a few participants seeds on any day, whatever stories it drew', async () => {
    for (const day of ['2026-11-27', '2027-02-14', '2027-07-01']) {
      const small = await openMigratedPglite();
      try {
        expect(
          await seedDemoData(small.db, { now: new Date(`${day}T12:00:00Z`), participants: 4 }),
        ).toBe(true);
      } finally {
        await small.close();
      }
    }
  }, 120_000);

  it('the demo logins work with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await db
        .select({ hash: users.passwordHash, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.email, account.email));
      expect(row).toMatchObject({ role: account.role, status: 'ACTIVATED' });
      expect(await verifyPassword(row?.hash ?? null, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('participants span every type and status, with Internal the largest and in group CZ', async () => {
    expect(
      (
        await values<string>(
          db,
          `select distinct status::text as v from users where role = 'PARTICIPANT'`,
        )
      ).sort(),
    ).toEqual([...USER_STATUSES].sort());
    const byType = await rows<{ type: string; n: number }>(
      db,
      sql`select participant_type::text as type, count(*)::int as n from users where role = 'PARTICIPANT' group by 1 order by 2 desc`,
    );
    expect(byType.map((r) => r.type).sort()).toEqual([...PARTICIPANT_TYPES].sort());
    expect(byType[0]?.type).toBe('Internal');
    expect(
      await values<string>(
        db,
        `select distinct g.name as v from users u join user_groups g on g.id = u.group_id where u.participant_type = 'Internal'`,
      ),
    ).toEqual(['CZ']);
  });

  it('the demo participant signs in with the demo password: active, Internal, after a knee replacement', async () => {
    const [row] = await rows<{ hash: string; status: string; type: string; procedure: string }>(
      db,
      sql`select u.password_hash as hash, u.status::text as status,
                 u.participant_type::text as type, s.procedure::text as procedure
          from users u join surgeries s on s.user_id = u.id
          where u.email = ${DEMO_PARTICIPANT.email} and u.role = 'PARTICIPANT'`,
    );
    expect(row).toMatchObject({
      status: 'ACTIVATED',
      type: 'Internal',
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    expect(await verifyPassword(row?.hash ?? null, DEMO_PASSWORD)).toBe(true);
    const [story] = await rows<{ measurements: number; conversations: number }>(
      db,
      sql`select (select count(*)::int from measurements m where m.user_id = u.id) as measurements,
                 (select count(*)::int from conversations c where c.user_id = u.id) as conversations
          from users u where u.email = ${DEMO_PARTICIPANT.email}`,
    );
    expect(story?.measurements).toBeGreaterThan(0);
    expect(story?.conversations).toBeGreaterThan(0);
  });

  it('participant accounts look right: unique lower-case example emails, no password, plausible profile', async () => {
    const people = await db.select().from(users).where(eq(users.role, 'PARTICIPANT'));
    const emails = people.map((p) => p.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const p of people.filter((person) => person.email !== DEMO_PARTICIPANT.email)) {
      expect(p.email).toMatch(/^[a-z]+\.[a-z]+\d+@example\.(org|com|net)$/);
      expect(p.passwordHash).toBeNull();
      const age =
        (NOW.getTime() - new Date(`${p.birthDate}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(35);
      expect(age).toBeLessThan(86);
      expect(p.heightCm).toBeGreaterThan(140);
      expect(p.invitedAt).not.toBeNull();
      expect(p.joinedAt === null).toBe(p.status === 'PENDING_ACTIVATION');
      // The clinic's patients have a record number; Demo participants are not its patients.
      if (p.participantType === 'Demo') expect(p.mrn).toBeNull();
      else expect(p.mrn).toMatch(/^\d{7}$/);
    }
    const numbers = people.flatMap((p) => (p.mrn ? [p.mrn] : []));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(people.some((p) => p.tracker === null)).toBe(true);
    expect(people.some((p) => p.tracker === 'Fitbit')).toBe(true);
  });

  it('invited participants cover both "Send Reminder" and "Remind again in N Days"', async () => {
    const pending = await db
      .select()
      .from(users)
      .where(and(eq(users.role, 'PARTICIPANT'), eq(users.status, 'PENDING_ACTIVATION')));
    const canRemind = pending.filter((p) => !p.nextRemindDate || p.nextRemindDate <= NOW);
    const waiting = pending.filter((p) => p.nextRemindDate && p.nextRemindDate > NOW);
    expect(canRemind.some((p) => p.lastRemindedAt === null)).toBe(true);
    expect(canRemind.some((p) => p.lastRemindedAt !== null)).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    for (const p of waiting) expect(p.lastRemindedAt?.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('nudges have every status and feedback, past and future', async () => {
    expect(
      (await values<string>(db, `select distinct tracking_type::text as v from nudges`)).sort(),
    ).toEqual([...NUDGE_STATUSES].sort());
    expect(
      await values<string | null>(
        db,
        `select distinct feedback_type::text as v from nudges order by 1 nulls last`,
      ),
    ).toEqual(['THUMBS_DOWN', 'THUMBS_UP', null]);
    const [span] = await rows<{ past: number; future: number; opened: number }>(
      db,
      sql`select count(*) filter (where target_date < ${TODAY}::date)::int as past,
                 count(*) filter (where target_date > ${TODAY}::date)::int as future,
                 count(opened_at)::int as opened
          from nudges`,
    );
    expect(span?.past).toBeGreaterThan(0);
    expect(span?.future).toBeGreaterThan(0);
    expect(span?.opened).toBeGreaterThan(0);
  });

  it('coach conversations include safety findings, negations and coach messages', async () => {
    for (const finding of ['chest pain', 'shortness of breath', 'fall', 'fever']) {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from conversations where markers @> ${JSON.stringify([{ content: finding }])}::jsonb`,
      );
      expect(row?.n, finding).toBeGreaterThan(0);
    }
    const [negation] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversations
          where transcript::text ilike '%no chest pain today%'
            and not markers @> '[{"content": "chest pain"}]'::jsonb`,
    );
    expect(negation?.n).toBeGreaterThan(0);
    const [coach] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversations where transcript @> '[{"userId": "Coach"}]'::jsonb`,
    );
    const [all] = await rows<{ n: number }>(db, sql`select count(*)::int as n from conversations`);
    expect(coach?.n).toBe(all?.n);
  });

  it('survey schedules have every cell state: submitted, overdue, due today, future and NA', async () => {
    expect(await values<string>(db, `select title as v from surveys order by id`)).toEqual(
      SURVEY_DEFINITIONS.map((d) => d.title),
    );
    const [states] = await rows<Record<string, number>>(
      db,
      sql`select count(*) filter (where submitted_at is not null and answers is not null and score is not null)::int as submitted,
                 count(*) filter (where submitted_at is null and not not_applicable and target_date < ${TODAY}::date)::int as overdue,
                 count(*) filter (where submitted_at is null and target_date = ${TODAY}::date)::int as due_today,
                 count(*) filter (where submitted_at is null and target_date > ${TODAY}::date)::int as future,
                 count(*) filter (where not_applicable and score is null)::int as not_applicable
          from survey_responses`,
    );
    for (const [state, n] of Object.entries(states ?? {})) expect(n, state).toBeGreaterThan(0);
    const timepoints = await values<string>(
      db,
      `select distinct timepoint::text as v from survey_responses`,
    );
    expect(timepoints).toHaveLength(5);
  });

  it('stores every measurement type from home and clinic, and leaves some participants without telemetry', async () => {
    const codes = await values<string>(db, `select distinct code as v from measurements`);
    expect(codes.sort()).toEqual(
      Object.values(MEASUREMENT_TYPES)
        .map((t) => t.code)
        .sort(),
    );
    expect(
      (await values<string>(db, `select distinct source::text as v from measurements`)).sort(),
    ).toEqual(['CLINIC', 'HOME']);
    const [ranges] = await rows<Record<string, number>>(
      db,
      sql`select min(value) filter (where code = '72514-3') as pain_min, max(value) filter (where code = '72514-3') as pain_max,
                 min(value) filter (where code = 'rp-mood') as mood_min, max(value) filter (where code = 'rp-mood') as mood_max,
                 min(value) filter (where code = 'rp-stride-length') as stride_min, max(value) filter (where code = 'rp-stride-length') as stride_max
          from measurements`,
    );
    expect(ranges?.pain_min).toBeGreaterThanOrEqual(0);
    expect(ranges?.pain_max).toBeLessThanOrEqual(10);
    expect(ranges?.mood_min).toBeGreaterThanOrEqual(1);
    expect(ranges?.mood_max).toBeLessThanOrEqual(5);
    expect(ranges?.stride_min).toBeGreaterThanOrEqual(0.45);
    expect(ranges?.stride_max).toBeLessThanOrEqual(0.9);
    const [silent] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u
          where u.role = 'PARTICIPANT' and u.status = 'ACTIVATED'
            and not exists (select 1 from measurements m where m.user_id = u.id)`,
    );
    expect(silent?.n).toBeGreaterThan(0);
  });

  it('every participant has stats, and active ones have recent activity', async () => {
    const stats = await db.select().from(participantStats);
    expect(stats).toHaveLength(DEMO_PARTICIPANT_COUNT);
    expect(stats.some((s) => s.activeSessionCount > 0 && s.lastAppOpen !== null)).toBe(true);
    expect(stats.some((s) => s.coachChatCount > 0)).toBe(true);
    expect(stats.some((s) => s.nudgeOpenCount > 0)).toBe(true);
    expect(stats.some((s) => s.lastAppOpen === null)).toBe(true);
  });

  it('activated participants have a digital twin, memberships, segments and clinical records', async () => {
    const [row] = await rows<Record<string, number>>(
      db,
      sql`select (select count(*) from users where role = 'PARTICIPANT' and status <> 'PENDING_ACTIVATION')::int as joined,
                 (select count(*) from digital_twins)::int as twins,
                 (select count(*) from marker_memberships where type is null and topic is null)::int as anonymous_markers,
                 (select count(*) from marker_memberships where valid_from <= ${TODAY}::date and (valid_to is null or valid_to >= ${TODAY}::date))::int as current_markers,
                 (select count(*) from marker_memberships where valid_to < ${TODAY}::date)::int as past_markers,
                 (select count(distinct category) from clinical_records)::int as categories,
                 (select count(*) from segments where name = 'Post-op week 6')::int as week6`,
    );
    expect(row?.twins).toBe(row?.joined);
    expect(row?.anonymous_markers).toBeGreaterThan(0);
    expect(row?.current_markers).toBeGreaterThan(0);
    expect(row?.past_markers).toBeGreaterThan(0);
    expect(row?.categories).toBe(6);
    expect(row?.week6).toBeGreaterThan(0);
    const [meta] = await db.select().from(appMeta);
    expect(meta?.key).toBe('demo_seed');
  });

  it('every participant who joined has one surgery, with the procedure and date their digital twin names', async () => {
    const joined = await rows<{
      twin_procedure: keyof typeof SURGERY_PROCEDURE_OF | null;
      twin_surgery_date: string | null;
      surgeries: {
        procedure: string;
        side: string;
        surgery_date: string;
        surgeon: string;
        hospital: string;
        created_by: number | null;
      }[];
    }>(
      db,
      sql`select t.data->'programme'->>'procedure' as twin_procedure,
                 t.data->'programme'->>'surgery_date' as twin_surgery_date,
                 coalesce((select json_agg(json_build_object(
                   'procedure', s.procedure, 'side', s.side, 'surgery_date', s.surgery_date,
                   'surgeon', s.surgeon, 'hospital', s.hospital, 'created_by', s.created_by))
                   from surgeries s where s.user_id = u.id), '[]') as surgeries
          from users u left join digital_twins t on t.user_id = u.id
          where u.role = 'PARTICIPANT' and u.status <> 'PENDING_ACTIVATION'`,
    );
    expect(joined.length).toBeGreaterThan(200);
    for (const participant of joined) {
      expect(participant.twin_procedure).not.toBeNull();
      const procedure =
        SURGERY_PROCEDURE_OF[participant.twin_procedure ?? 'Total knee replacement'];
      expect(participant.surgeries).toEqual([
        {
          procedure,
          side: expect.stringMatching(
            procedure === 'CORONARY_ARTERY_BYPASS_GRAFT' ? /^NOT_APPLICABLE$/ : /^(LEFT|RIGHT)$/,
          ),
          surgery_date: participant.twin_surgery_date,
          surgeon: expect.stringMatching(/^Dr \S+ \S+/),
          hospital: expect.stringMatching(/\S/),
          created_by: null,
        },
      ]);
    }
    // Every procedure the plan chooses, pre-op participants booked ahead and the 6-week one.
    const procedures = new Set(joined.flatMap((p) => p.surgeries.map((s) => s.procedure)));
    expect([...procedures].sort()).toEqual(Object.values(SURGERY_PROCEDURE_OF).sort());
    const dates = joined.map((p) => p.twin_surgery_date ?? '');
    expect(dates.some((date) => date > TODAY)).toBe(true);
    expect(dates).toContain(isoDate(addDays(startOfUtcDay(NOW), -42)));
    const [invited] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from surgeries s join users u on u.id = s.user_id
          where u.status = 'PENDING_ACTIVATION'`,
    );
    expect(invited?.n).toBe(0);
  });

  it("every pain check-in is also the participant's pain report, with the same score and time at the operated site", async () => {
    const painCode = MEASUREMENT_TYPES.painScore.code;
    const [match] = await rows<Record<string, number>>(
      db,
      sql`select (select count(*) from measurements where code = ${painCode})::int as check_ins,
                 (select count(*) from pain_logs)::int as reports,
                 (select count(*) from measurements m join pain_logs p
                    on p.user_id = m.user_id and p.recorded_at = m.measured_at and p.score = m.value
                  where m.code = ${painCode})::int as matched,
                 (select count(*) from pain_logs
                  where source <> 'PARTICIPANT' or note is not null or recorded_by is not null
                     or created_at <> recorded_at)::int as unlike_a_check_in`,
    );
    expect(match?.check_ins).toBeGreaterThan(1000);
    expect(match?.reports).toBe(match?.check_ins);
    expect(match?.matched).toBe(match?.check_ins);
    expect(match?.unlike_a_check_in).toBe(0);

    const sites = await rows<{ procedure: string; side: string; body_site: string }>(
      db,
      sql`select distinct s.procedure, s.side, p.body_site
          from pain_logs p join surgeries s on s.user_id = p.user_id
          order by 1, 2, 3`,
    );
    const expectedSite = (procedure: string, side: string) =>
      procedure === 'CORONARY_ARTERY_BYPASS_GRAFT'
        ? 'CHEST'
        : `${side}_${procedure === 'TOTAL_HIP_REPLACEMENT' ? 'HIP' : 'KNEE'}`;
    expect(sites.length).toBeGreaterThan(4);
    for (const { procedure, side, body_site } of sites) {
      expect(body_site, `${procedure} ${side}`).toBe(expectedSite(procedure, side));
    }
  });
});

describe('participant timeline', () => {
  const today = startOfUtcDay(NOW);
  const surveys = SURVEY_DEFINITIONS.map((definition, i) => ({ id: i + 1, definition }));
  const participantAt = (index: number) => {
    const profile = generateParticipantProfile(createSeedFaker(), index, {
      baseSeed: DEMO_SEED,
      today,
      groupIds: new Map(),
    });
    if (!profile.plan) throw new Error(`participant ${index} has not joined`);
    const { firstName, lastName, gender, birthDate, heightCm } = profile.user;
    return {
      id: 1000 + index,
      firstName,
      lastName,
      gender,
      birthDate,
      heightCm,
      plan: profile.plan,
    };
  };

  it('generating a range in two pieces gives the same rows as generating it at once', () => {
    const participant = participantAt(0);
    const from = addDays(today, -30);
    const options = {
      today,
      surveys,
      volume: { ...TIMELINE_VOLUMES.unbounded, profileRows: false },
    };
    const whole = generateParticipantTimeline(createSeedFaker(), participant, {
      ...options,
      from,
      to: today,
    });
    const early = generateParticipantTimeline(createSeedFaker(), participant, {
      ...options,
      from,
      to: addDays(today, -16),
    });
    const late = generateParticipantTimeline(createSeedFaker(), participant, {
      ...options,
      from: addDays(today, -15),
      to: today,
    });
    const byTime = <T extends { occurredAt: Date }>(list: T[]) =>
      [...list].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    expect(whole.nudges).toEqual([...early.nudges, ...late.nudges]);
    expect(whole.conversations).toEqual([...early.conversations, ...late.conversations]);
    expect(byTime(whole.activity)).toEqual(byTime([...early.activity, ...late.activity]));
    expect(whole.measurements.length).toBe(early.measurements.length + late.measurements.length);
  });

  it('a timeline records the surgery and pain reports only when asked, as the simulation records its own', () => {
    const participant = participantAt(0);
    const options = { from: addDays(today, -30), to: today, today, surveys };
    const plain = generateParticipantTimeline(createSeedFaker(), participant, options);
    expect(plain.surgeries).toEqual([]);
    expect(plain.painLogs).toEqual([]);

    const recorded = generateParticipantTimeline(createSeedFaker(), participant, {
      ...options,
      surgeryRecords: true,
    });
    expect(recorded.surgeries).toEqual([
      expect.objectContaining({
        userId: participant.id,
        procedure: SURGERY_PROCEDURE_OF[participant.plan.procedure],
        surgeryDate: isoDate(participant.plan.surgeryDate),
      }),
    ]);
    const checkIns = recorded.measurements.filter(
      (m) => m.code === MEASUREMENT_TYPES.painScore.code,
    );
    expect(checkIns.length).toBeGreaterThan(0);
    expect(recorded.painLogs.map((p) => [p.score, p.recordedAt])).toEqual(
      checkIns.map((m) => [m.value, m.measuredAt]),
    );
    // The rest of the timeline does not change.
    expect({ ...recorded, surgeries: [], painLogs: [] }).toEqual(plain);
  });

  it('a participant with a pinned safety finding reports chest pain a few days before today', () => {
    const participant = participantAt(9);
    expect(participant.plan.forcedSafetyFinding).toBe('chest pain');
    const timeline = generateParticipantTimeline(createSeedFaker(), participant, {
      from: addDays(today, -10),
      to: today,
      today,
      surveys,
    });
    expect(
      timeline.conversations.some((c) => c.markers.some((m) => m.content === 'chest pain')),
    ).toBe(true);
    expect(timeline.markerMemberships.some((m) => m.markerName === 'Chest pain reported')).toBe(
      true,
    );
  });
});
