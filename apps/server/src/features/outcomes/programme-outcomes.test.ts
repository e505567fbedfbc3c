import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  programmeOutcomesSchema,
  type ProgrammeOutcomes,
} from '@recovery-portal/contract/programme-outcomes';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { rowsOf } from '#app/db/result-rows';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createSurgery, createSurvey, createSurveyResponse } from '#app/test/factories';
import { addParticipant, callApi } from '#app/test/participant-fixtures';
import { addDays, todayUtc } from '#app/core/days';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let koosId: number;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  koosId = (await createSurvey(testApp.db, { title: KOOS_JR.title, questions: KOOS_JR.questions }))
    .id;
});

/** KOOS JR answers (option indexes) whose raw sum is `raw`. */
const koosAnswers = (raw: number) =>
  Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));

type Cell = number | 'overdue' | 'na' | 'pending';

/** A knee patient operated on 400 days ago with KOOS JR raw sums (or states) per timepoint. */
async function kneePatient(
  cells: Partial<Record<SurveyTimepoint, Cell>>,
  options: { type?: ParticipantType; lastName?: string; procedure?: SurgeryProcedure } = {},
) {
  const participant = await addParticipant(testApp.db, {
    type: options.type ?? 'Internal',
    lastName: options.lastName ?? 'Knee',
  });
  const surgeryDate = addDays(todayUtc(), -400);
  await createSurgery(testApp.db, participant.id, {
    procedure: options.procedure ?? 'TOTAL_KNEE_REPLACEMENT',
    surgeryDate,
  });
  for (const [timepoint, cell] of Object.entries(cells)) {
    const answered = typeof cell === 'number';
    await createSurveyResponse(testApp.db, participant.id, koosId, {
      timepoint: timepoint as SurveyTimepoint,
      targetDate: cell === 'pending' ? addDays(todayUtc(), 5) : surgeryDate,
      submittedAt: answered ? new Date(`${surgeryDate}T09:00:00Z`) : null,
      answers: answered ? koosAnswers(cell) : null,
      notApplicable: cell === 'na',
    });
  }
  return participant;
}

/**
 * Ten knee patients, PreOp raw 16 (47.487) each. 3 Months raw 6..15: 70.704 … 50.012, changes
 * +23.217 … +2.525, five reach the MCID of 14. 6 Months: four submitted (76.332, 65.994, 63.776,
 * 57.14: three reach the PASS of 63.7), four overdue, one not applicable, one not yet due.
 * 12 Months: two (84.6 = +37.113 reaches the SCB of 20; 61.583 = +14.096 does not).
 */
async function tenKnees() {
  const month6: Cell[] = [4, 8, 9, 12, 'overdue', 'overdue', 'overdue', 'overdue', 'na', 'pending'];
  const month12: (Cell | undefined)[] = [2, 10];
  const ids: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const twelve = month12[i];
    const participant = await kneePatient({
      PRE_OP: 16,
      MONTH_3: 6 + i,
      MONTH_6: month6[i] ?? 'overdue',
      ...(twelve === undefined ? {} : { MONTH_12: twelve }),
    });
    ids.push(participant.id);
  }
  return ids;
}

const get = (query: string, token: string = clinician.access_token, path = 'programme') =>
  callApi(
    testApp,
    'GET',
    `${API_PATHS.outcomes[path as 'programme']}${query ? `?${query}` : ''}`,
    token,
  );

async function figures(query = ''): Promise<ProgrammeOutcomes> {
  return successData(await get(query), programmeOutcomesSchema);
}

describe('programme outcomes', () => {
  it('clinician sees the cohort’s quartiles, threshold shares next to the published ones, and completion', async () => {
    await tenKnees();
    // Other tabs are other cohorts.
    await kneePatient({ PRE_OP: 0, MONTH_3: 0 }, { type: 'Pilot' });

    const data = await figures();
    expect(data.participants).toBe(10);
    expect(data.demo).toBe(false);
    const koos = data.measures.find((m) => m.measure === 'KOOS_JR');
    expect(data.measures.map((m) => m.measure)).toEqual(['KOOS_JR']);
    const month3 = koos?.points.find((p) => p.timepoint === 'MONTH_3');
    expect(month3?.n).toBe(10);
    expect(month3?.median).toBeCloseTo(60.482, 3);
    expect(month3?.p25).toBeCloseTo(55.415, 3);
    expect(month3?.p75).toBeCloseTo(65.4395, 3);
    // Four at 6 Months: fewer than ten, no quartiles.
    expect(koos?.points.find((p) => p.timepoint === 'MONTH_6')).toMatchObject({
      n: 4,
      median: null,
    });

    const rates = Object.fromEntries((koos?.rates ?? []).map((rate) => [rate.kind, rate]));
    expect(rates.MCID).toMatchObject({
      timepoint: 'MONTH_3',
      threshold: 14,
      eligible: 10,
      reached: 5,
      percent: 50,
    });
    expect(rates.MCID?.published[0]).toMatchObject({ percent: 76.5 });
    expect(rates.MCID?.published[0]?.text).toMatch(/64,773 knees/);
    expect(rates.PASS).toMatchObject({ threshold: 63.7, eligible: 4, reached: 3, percent: 75 });
    expect(rates.PASS?.published[0]).toMatchObject({ percent: 85.8 });
    expect(rates.SCB).toMatchObject({ threshold: 20, eligible: 2, reached: 1, percent: 50 });

    // 6 Months: 4 submitted + 4 overdue are due; not applicable and not yet due are not.
    expect(koos?.completion.find((c) => c.timepoint === 'MONTH_6')).toEqual({
      timepoint: 'MONTH_6',
      due: 8,
      submitted: 4,
      percent: 50,
    });
    expect(koos?.completion.find((c) => c.timepoint === 'WEEK_6')).toMatchObject({
      due: 0,
      percent: null,
    });
  });

  it('gives exactly the quartiles percentile_cont gives over the cohort’s own scores, ties and all', async () => {
    // Ties, an even and an odd count; one participant without any score yet.
    const preOp = [16, 16, 16, 10, 10, 20, 5, 5, 5, 5, 28, 0, 16];
    const month3 = [6, 6, 9, 9, 9, 12, 3, 14, 14, 1, 20, 6];
    const knees: number[] = [];
    for (const [i, raw] of preOp.entries()) {
      const three = month3[i];
      const participant = await kneePatient({
        PRE_OP: raw,
        ...(three === undefined ? {} : { MONTH_3: three }),
      });
      knees.push(participant.id);
    }
    knees.push((await kneePatient({ PRE_OP: 'pending' })).id);
    // Other cohorts with extreme scores: another tab, and a hip patient of this tab.
    await kneePatient({ PRE_OP: 28, MONTH_3: 28 }, { type: 'Pilot' });
    const hip = await kneePatient(
      { PRE_OP: 0, MONTH_3: 0 },
      { procedure: 'TOTAL_HIP_REPLACEMENT' },
    );

    async function expected(ids: number[]) {
      const result = await testApp.db.execute(sql`
        select timepoint::text as timepoint, count(*)::int as n,
          percentile_cont(array[0.25, 0.5, 0.75]) within group (order by value) as q
        from outcome_scores
        where measure = 'KOOS_JR' and user_id in (${sql.join(ids, sql`, `)})
        group by timepoint`);
      return rowsOf<{ timepoint: SurveyTimepoint; n: number; q: number[] }>(result);
    }
    for (const [query, ids, participants] of [
      ['programme=KNEE', knees, 14],
      ['', [...knees, hip.id], 15],
    ] as const) {
      const data = await figures(query);
      expect(data.participants).toBe(participants);
      const koos = data.measures.find((m) => m.measure === 'KOOS_JR');
      expect(koos?.n).toBe(ids.length - 1);
      const rows = await expected([...ids]);
      expect(rows.length).toBe(2);
      for (const row of rows) {
        expect(koos?.points.find((p) => p.timepoint === row.timepoint)).toMatchObject({
          n: row.n,
          p25: row.q[0],
          median: row.q[1],
          p75: row.q[2],
        });
      }
    }
  });

  it('narrows to the filters: type tab, programme, group, surgery days and Mine', async () => {
    const ids = await tenKnees();
    await kneePatient({ PRE_OP: 0 }, { type: 'Pilot' });
    expect((await figures('type=Pilot')).participants).toBe(1);
    expect((await figures('programme=HIP')).participants).toBe(0);
    expect((await figures('group=Nobody')).participants).toBe(0);
    const surgeryDay = addDays(todayUtc(), -400);
    expect(
      (await figures(`surgery_from=${surgeryDay}&surgery_to=${surgeryDay}`)).participants,
    ).toBe(10);
    expect((await figures(`surgery_from=${addDays(surgeryDay, 1)}`)).participants).toBe(0);
    const [me] = await testApp.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, clinician.email));
    await testApp.db
      .update(users)
      .set({ responsibleClinicianId: me?.id ?? null })
      .where(eq(users.id, ids[0] ?? 0));
    const mine = await figures('mine=true');
    expect(mine.participants).toBe(1);
    expect(mine.measures[0]?.points[0]).toMatchObject({ n: 1, median: null });
  });

  it('lists whose latest score is not improving as expected, flagged or not, with its flag state', async () => {
    const ids = await tenKnees();
    const flag = (userId: number, kind: string, status: 'OPEN' | 'ACKNOWLEDGED', day: number) => ({
      userId,
      source: 'OUTCOME' as const,
      severity: 'MODERATE' as const,
      rule: `not-improving:KOOS_JR:${kind}`,
      matchedText: 'Not improving as expected',
      dedupeKey: `outcome:${kind}:${userId}`,
      detectedAt: new Date(`${addDays(todayUtc(), -day)}T10:00:00Z`),
      status,
    });
    await testApp.db.insert(clinicalFlags).values([
      flag(ids[9] ?? 0, 'MCID', 'ACKNOWLEDGED', 30),
      flag(ids[3] ?? 0, 'PASS', 'OPEN', 40),
      flag(ids[3] ?? 0, 'MCID', 'ACKNOWLEDGED', 50),
      // Flagged at 3 Months, but the 6 and 12 Months scores caught up: no longer behind.
      flag(ids[0] ?? 0, 'MCID', 'OPEN', 60),
    ]);
    const data = await figures();
    // Latest scores: ids[1] 61.583 at 12 Months (+14.096, below the PASS of 63.7); ids[3] 57.14
    // at 6 Months (+9.653, both); ids[5..9] at 3 Months +9.67 … +2.525 (below the MCID of 14).
    // ids[0] (84.6 at 12 Months), ids[2] (63.776 at 6 Months) and ids[4] (+14.096) are not.
    expect(data.behind_total).toBe(7);
    // Open flags first, then those without a flag, acknowledged ones last.
    expect(data.behind.map((row) => [row.user_id, row.flag_status])).toEqual([
      [ids[3], 'OPEN'],
      [ids[1], null],
      [ids[5], null],
      [ids[6], null],
      [ids[7], null],
      [ids[8], null],
      [ids[9], 'ACKNOWLEDGED'],
    ]);
    expect(data.behind[0]).toMatchObject({
      measure: 'KOOS_JR',
      label: 'KOOS JR',
      latest_timepoint: 'MONTH_6',
      latest_score: 57.14,
      improvement: 9.653,
      short_of: [
        { kind: 'MCID', threshold: 14 },
        { kind: 'PASS', threshold: 63.7 },
      ],
    });
    expect(data.behind[1]).toMatchObject({
      latest_timepoint: 'MONTH_12',
      improvement: 14.096,
      short_of: [{ kind: 'PASS', threshold: 63.7 }],
      detected_at: null,
    });
    expect(data.behind[6]).toMatchObject({
      latest_timepoint: 'MONTH_3',
      improvement: 2.525,
      short_of: [{ kind: 'MCID', threshold: 14 }],
      detected_at: `${addDays(todayUtc(), -30)}T10:00:00.000Z`,
    });
  });

  it('says when demo data is counted', async () => {
    await tenKnees();
    const participant = await kneePatient({});
    await createSurveyResponse(testApp.db, participant.id, koosId, {
      timepoint: 'PRE_OP',
      targetDate: addDays(todayUtc(), -400),
      submittedAt: new Date(`${addDays(todayUtc(), -400)}T09:00:00Z`),
      answers: koosAnswers(3),
      generated: true,
    });
    expect((await figures()).demo).toBe(true);
  });

  it('gives the same figures as CSV with the filters in its comment lines', async () => {
    await tenKnees();
    const response = await get(
      'programme=KNEE&group=a%2C%3DHYPERLINK(1)',
      undefined,
      'programmeCsv',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/programme-outcomes-.*\.csv/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^# Programme outcomes generated /);
    // The group is written, in one quoted cell, and cannot start a formula after its comma.
    expect(lines[1]).toBe(`"# Filters: type Internal · programme KNEE · group a,'=HYPERLINK(1)"`);
    expect(lines[2]).toBe('# Participants: 0');
    expect(lines).toContain('section,measure,timepoint,figure,value,of,note');

    const all = await get('', undefined, 'programmeCsv');
    const rows = all.body.split('\r\n');
    expect(rows).toContain('scores,KOOS_JR,MONTH_3,median,60.482,,');
    expect(rows).toContain('scores,KOOS_JR,MONTH_6,median,,,');
    expect(
      rows.find((row) => row.startsWith('rate,KOOS_JR,MONTH_3,MCID 14 reached (%),50,10,')),
    ).toMatch(/5 reached\. Published: 76\.5% of 64,773 knees/);
    expect(rows).toContain('completion,KOOS_JR,MONTH_6,submitted (%),50,8,4 of 8 due submitted');
    // Who is behind, flagged or not (no flag was raised here).
    expect(
      rows.filter((row) => row.startsWith('not improving as expected,KOOS_JR,MONTH_6,')),
    ).toEqual([
      expect.stringMatching(
        /^not improving as expected,KOOS_JR,MONTH_6,participant \d+,57\.14,,"improvement from PreOp 9\.653; short of MCID 14 and PASS 63\.7; flag none"$/,
      ),
    ]);
  });

  it('gives the same figures as FHIR MeasureReports, one per score', async () => {
    await tenKnees();
    const response = await get('programme=KNEE', undefined, 'programmeFhir');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const bundle = response.json<{
      resourceType: string;
      entry: {
        resource: {
          resourceType: string;
          measure: string;
          extension: { valueString?: string }[];
          group: {
            code: { text: string };
            population?: { count: number }[];
            measureScore?: { value: number };
            stratifier?: {
              stratum: { value: { text: string }; measureScore?: { value: number } }[];
            }[];
          }[];
        };
      }[];
    }>();
    expect(bundle.resourceType).toBe('Bundle');
    const report = bundle.entry[0]?.resource;
    expect(report).toMatchObject({
      resourceType: 'MeasureReport',
      measure: 'urn:recovery-portal:measure:KOOS_JR',
    });
    expect(report?.extension[0]?.valueString).toBe('type Internal · programme KNEE');
    const median = report?.group.find((g) => g.code.text === 'KOOS JR median by timepoint');
    const month3 = median?.stratifier?.[0]?.stratum.find((s) => s.value.text === 'MONTH_3');
    expect(month3?.measureScore?.value).toBeCloseTo(60.482, 3);
    const mcid = report?.group.find((g) => g.code.text.startsWith('Reached the MCID'));
    expect(mcid?.population?.map((p) => p.count)).toEqual([10, 5]);
    expect(mcid?.measureScore?.value).toBe(50);
  });

  it('refuses administrators, anonymous callers and bad filters with a sentence', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    for (const path of ['programme', 'programmeCsv', 'programmeFhir']) {
      failure(await get('', admin.access_token, path), 403, 'FORBIDDEN');
    }
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.outcomes.programme,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const query of [
      'type=Nobody',
      'mine=yes',
      'programme=FOOT',
      'surgery_from=2025-13-01',
      'surgery_from=2025-03-10&surgery_to=2025-03-01',
      `group=${'x'.repeat(5000)}`,
      'type=Internal&type=Pilot',
    ]) {
      const envelope = failure(await get(query), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(5);
    }
  });
});
