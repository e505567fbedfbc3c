import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import { DEFAULT_CONCERNS, FLAG_SOURCES } from '@recovery-portal/contract/flags';
import { conversations } from '#app/db/schema/conversations';
import {
  clinicalFlags,
  participantThresholds,
  participantTriage,
  triageScanState,
} from '#app/db/schema/triage';
import { testNow } from '../../../../../test/test-now';
import { seedDemoData } from '#app/demo/seed-demo';
import { useTestApp } from '#app/test/build-test-app';
import {
  createConversation,
  createMeasurements,
  createParticipant,
  createSurgery,
  createSurvey,
  createSurveyResponse,
} from '#app/test/factories';
import type { SurveyTimepoint } from '@recovery-portal/contract/surveys';
import { KOOS_JR } from '#app/core/surveys/instruments/koos-jr';
import { createTriageScanner, OUTCOME_LOOKBACK_DAYS, TRIAGE_LOOKBACK_DAYS } from './triage-scanner';
import { DAY_MS } from '#app/core/days';

const NOW = new Date('2026-03-20T12:00:00Z');
const daysBefore = (days: number, hour = 9) =>
  new Date(Date.parse('2026-03-20T00:00:00Z') - days * DAY_MS + hour * 3_600_000);

const testApp = useTestApp();
beforeEach(async () => {
  await testApp.reset();
});

const scanner = () => createTriageScanner({ db: testApp.db, concerns: DEFAULT_CONCERNS });

function flagsOf(userId: number) {
  return testApp.db
    .select()
    .from(clinicalFlags)
    .where(eq(clinicalFlags.userId, userId))
    .orderBy(asc(clinicalFlags.id));
}

async function triageOf(userId: number) {
  const [row] = await testApp.db
    .select({
      count: participantTriage.openFlagCount,
      top: participantTriage.topOpenSeverity,
    })
    .from(participantTriage)
    .where(eq(participantTriage.userId, userId));
  return row ?? null;
}

function chestPainConversation(userId: number, endedAt: Date) {
  return createConversation(testApp.db, userId, {
    endedAt,
    transcript: [
      { userId: COACH_USER_ID, message: 'Any chest pain or fever since we spoke?' },
      { userId: String(userId), message: 'Actually, I had some chest pain climbing the stairs.' },
    ],
    markers: [{ content: 'chest pain', type: 'safety' }],
  });
}

describe('triage scanner', () => {
  it('raises one flag per finding of a new conversation and keeps the triage row current', async () => {
    const participant = await createParticipant(testApp.db);
    const calm = await createParticipant(testApp.db);
    const conversation = await chestPainConversation(participant.id, daysBefore(2));
    await createConversation(testApp.db, calm.id, {
      endedAt: daysBefore(2),
      transcript: [
        { userId: COACH_USER_ID, message: 'Any chest pain, shortness of breath or falls?' },
        { userId: String(calm.id), message: 'No chest pain, and I have not fallen.' },
      ],
      markers: [{ content: 'red-flag screen negative' }],
    });

    const summary = await scanner().scan(NOW);
    expect(summary).toMatchObject({ conversations: 2, raised: 1 });
    const [flag] = await flagsOf(participant.id);
    expect(flag).toMatchObject({
      source: 'CONVERSATION',
      severity: 'CRITICAL',
      rule: 'chest-pain',
      matchedText: 'Actually, I had some chest pain climbing the stairs.',
      conversationId: conversation.id,
      messageIndex: 1,
      status: 'OPEN',
      dedupeKey: `conversation:${conversation.id}:chest-pain`,
      detectedAt: daysBefore(2),
    });
    expect(await triageOf(participant.id)).toEqual({ count: 1, top: 'CRITICAL' });
    expect(await flagsOf(calm.id)).toEqual([]);
  });

  it('scanning again raises nothing twice, even when the watermark is lost', async () => {
    const participant = await createParticipant(testApp.db);
    await chestPainConversation(participant.id, daysBefore(1));
    await createMeasurements(testApp.db, participant.id, [
      { key: 'systolicBp', value: 172, measuredAt: daysBefore(1) },
    ]);
    const first = createTriageScanner({ db: testApp.db, concerns: DEFAULT_CONCERNS });
    expect((await first.scan(NOW)).raised).toBe(2);
    // Nothing new since the watermark: nothing read, nothing raised.
    expect(await first.scan(NOW)).toEqual({ conversations: 0, participants: 0, raised: 0 });

    await testApp.db.delete(triageScanState);
    expect(await scanner().scan(NOW)).toMatchObject({
      conversations: 1,
      participants: 1,
      raised: 0,
    });
    expect(await scanner().scanParticipants([participant.id], NOW)).toMatchObject({ raised: 0 });
    expect(await flagsOf(participant.id)).toHaveLength(2);
    expect(await triageOf(participant.id)).toEqual({ count: 2, top: 'CRITICAL' });
  });

  it('reads only what arrived after the watermark', async () => {
    const participant = await createParticipant(testApp.db);
    const scan = scanner();
    await scan.scan(NOW);
    await chestPainConversation(participant.id, daysBefore(1));
    expect(await scan.scan(NOW)).toMatchObject({ conversations: 1, raised: 1 });
    const [state] = await testApp.db
      .select({ lastId: triageScanState.lastId })
      .from(triageScanState)
      .where(eq(triageScanState.source, 'conversations'));
    const [latest] = await testApp.db
      .select({ id: sql<number>`max(${conversations.id})` })
      .from(conversations);
    expect(state?.lastId).toBe(latest?.id);
  });

  it(`ignores findings older than ${TRIAGE_LOOKBACK_DAYS} days`, async () => {
    const participant = await createParticipant(testApp.db);
    await chestPainConversation(participant.id, daysBefore(TRIAGE_LOOKBACK_DAYS + 1));
    await createMeasurements(testApp.db, participant.id, [
      { key: 'systolicBp', value: 190, measuredAt: daysBefore(TRIAGE_LOOKBACK_DAYS + 1) },
    ]);
    expect((await scanner().scan(NOW)).raised).toBe(0);
    expect(await triageOf(participant.id)).toBeNull();
  });

  it('raises threshold flags with the value and the rule, honouring overrides and programmes', async () => {
    const general = await createParticipant(testApp.db);
    const relaxed = await createParticipant(testApp.db);
    const cardiac = await createParticipant(testApp.db);
    await createSurgery(testApp.db, cardiac.id, {
      procedure: 'CORONARY_ARTERY_BYPASS_GRAFT',
      side: 'NOT_APPLICABLE',
      surgeryDate: '2025-12-01',
    });
    for (const { id } of [general, relaxed, cardiac]) {
      await createMeasurements(testApp.db, id, [
        { key: 'systolicBp', value: 150, measuredAt: daysBefore(4) },
        { key: 'systolicBp', value: 155, measuredAt: daysBefore(3) },
        { key: 'systolicBp', value: 172, measuredAt: daysBefore(2) },
        { key: 'painScore', value: 8, measuredAt: daysBefore(3, 19) },
        { key: 'painScore', value: 9, measuredAt: daysBefore(2, 19) },
        { key: 'painScore', value: 8, measuredAt: daysBefore(1, 19) },
      ]);
    }
    await testApp.db.insert(participantThresholds).values([
      { userId: relaxed.id, rule: 'SYSTOLIC_BP_HIGH', value: 180, days: null, enabled: true },
      { userId: relaxed.id, rule: 'PAIN_HIGH_RUN', value: 8, days: 3, enabled: false },
    ]);

    await scanner().scan(NOW);
    const generalFlags = await flagsOf(general.id);
    expect(
      generalFlags.map(({ source, severity, rule, matchedText, value, detectedAt }) => ({
        source,
        severity,
        rule,
        matchedText,
        value,
        detectedAt,
      })),
    ).toEqual([
      {
        source: 'THRESHOLD',
        severity: 'HIGH',
        rule: 'SYSTOLIC_BP_HIGH',
        matchedText: 'Systolic BP 172 mmHg above 160',
        value: 172,
        detectedAt: daysBefore(2),
      },
      {
        source: 'THRESHOLD',
        severity: 'HIGH',
        rule: 'PAIN_HIGH_RUN',
        matchedText: 'Pain score at or above 8 for 3 consecutive days (8, 9, 8)',
        value: 8,
        detectedAt: daysBefore(1, 19),
      },
    ]);
    expect(await flagsOf(relaxed.id)).toEqual([]);
    // After heart surgery the programme alerts from 150 mmHg: 155 already crossed it.
    expect((await flagsOf(cardiac.id)).map((flag) => flag.matchedText)).toContain(
      'Systolic BP 155 mmHg above 150',
    );
  });

  it('re-scanning participants recounts their triage after their data was replaced', async () => {
    const participant = await createParticipant(testApp.db);
    await chestPainConversation(participant.id, daysBefore(1));
    await scanner().scan(NOW);
    expect(await triageOf(participant.id)).toEqual({ count: 1, top: 'CRITICAL' });

    // Regenerating a participant's data deletes their conversations, and their flags with them.
    await testApp.db.delete(conversations).where(eq(conversations.userId, participant.id));
    expect(await flagsOf(participant.id)).toEqual([]);
    await scanner().scanParticipants([participant.id], NOW);
    expect(await triageOf(participant.id)).toEqual({ count: 0, top: null });
  });

  it('a first scan in many small batches, walking participant ranges, flags exactly what one batch does', async () => {
    const now = new Date();
    await seedDemoData(testApp.db, { now, participants: 40 });
    const snapshot = async () => ({
      flags: await testApp.db
        .select({
          userId: clinicalFlags.userId,
          source: clinicalFlags.source,
          severity: clinicalFlags.severity,
          rule: clinicalFlags.rule,
          matchedText: clinicalFlags.matchedText,
          value: clinicalFlags.value,
          conversationId: clinicalFlags.conversationId,
          messageIndex: clinicalFlags.messageIndex,
          dedupeKey: clinicalFlags.dedupeKey,
          detectedAt: clinicalFlags.detectedAt,
        })
        .from(clinicalFlags)
        .orderBy(asc(clinicalFlags.userId), asc(clinicalFlags.dedupeKey)),
      triage: await testApp.db
        .select({
          userId: participantTriage.userId,
          count: participantTriage.openFlagCount,
          top: participantTriage.topOpenSeverity,
        })
        .from(participantTriage)
        .orderBy(asc(participantTriage.userId)),
    });

    const batched = await createTriageScanner({
      db: testApp.db,
      concerns: DEFAULT_CONCERNS,
      batchSize: 3,
      rangeWalkAbove: 0,
    }).scan(now);
    const inBatches = await snapshot();
    await testApp.db.delete(clinicalFlags);
    await testApp.db.delete(participantTriage);
    await testApp.db.delete(triageScanState);
    const whole = await scanner().scan(now);

    expect(batched).toEqual(whole);
    expect(await snapshot()).toEqual(inBatches);
    const sources = new Set(inBatches.flags.map((flag) => flag.source));
    expect(sources).toEqual(new Set(FLAG_SOURCES));
    expect(inBatches.flags.length).toBeGreaterThan(3);
  }, 60_000);

  it('raises "Not improving as expected" at 3 Months below the MCID and at 6 Months below the PASS', async () => {
    const slow = await createParticipant(testApp.db);
    const recovering = await createParticipant(testApp.db);
    const koos = await createSurvey(testApp.db, {
      title: KOOS_JR.title,
      questions: KOOS_JR.questions,
    });
    const answersOf = (raw: number) =>
      Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(4, raw - i * 4)));
    const submit = (userId: number, timepoint: SurveyTimepoint, raw: number, daysAgo: number) =>
      createSurveyResponse(testApp.db, userId, koos.id, {
        timepoint,
        targetDate: daysBefore(daysAgo).toISOString().slice(0, 10),
        submittedAt: daysBefore(daysAgo),
        answers: answersOf(raw),
      });
    // PreOp raw 16 → 47.487; 3 Months raw 13 → 54.84: +7.353, less than the MCID of 14.
    await submit(slow.id, 'PRE_OP', 16, 100);
    await submit(slow.id, 'MONTH_3', 13, 5);
    // 6 Months raw 12 → 57.14, below the PASS of 63.7.
    await submit(slow.id, 'MONTH_6', 12, 2);
    // PreOp 47.487 → 3 Months 65.994 (+18.507) → 6 Months 73.342: no flag.
    await submit(recovering.id, 'PRE_OP', 16, 100);
    await submit(recovering.id, 'MONTH_3', 8, 5);
    await submit(recovering.id, 'MONTH_6', 5, 2);

    const summary = await scanner().scan(NOW);
    expect(summary.raised).toBe(2);
    expect(await flagsOf(recovering.id)).toEqual([]);
    const flags = await flagsOf(slow.id);
    expect(flags.map((flag) => [flag.source, flag.severity, flag.rule, flag.value])).toEqual([
      ['OUTCOME', 'MODERATE', 'not-improving:KOOS_JR:MCID', 54.84],
      ['OUTCOME', 'MODERATE', 'not-improving:KOOS_JR:PASS', 57.14],
    ]);
    expect(flags[0]?.matchedText).toBe(
      'Not improving as expected at 3 Months: KOOS JR better by 7.35 from PreOp (47.49 to 54.84), less than the MCID of 14 (Lyman et al. 2018).',
    );
    expect(flags[1]?.matchedText).toBe(
      'Not improving as expected at 6 Months: KOOS JR 57.14 is below the PASS of 63.7 (Kunze et al. 2022).',
    );
    expect(flags[0]?.detectedAt).toEqual(daysBefore(5));
    expect(await triageOf(slow.id)).toEqual({ count: 2, top: 'MODERATE' });

    // A 3-month score older than the outcome lookback is history, not triage.
    const earlier = await createParticipant(testApp.db);
    await submit(earlier.id, 'PRE_OP', 16, 200);
    await submit(earlier.id, 'MONTH_3', 13, OUTCOME_LOOKBACK_DAYS + 1);
    expect((await scanner().scanParticipants([earlier.id], NOW)).raised).toBe(0);

    // Scanning again reads nothing new and raises nothing twice.
    expect((await scanner().scan(new Date(NOW.getTime() + 60_000))).raised).toBe(0);
    expect(await scanner().scanParticipants([slow.id], NOW)).toMatchObject({ raised: 0 });
    expect(await flagsOf(slow.id)).toHaveLength(2);
  });

  // A leap day seen from New Zealand (already 1 March there), the night US clocks spring forward,
  // the night European clocks fall back, and the suite's own pinned day.
  it.each([
    '2024-02-29T23:30:00Z',
    '2025-03-09T06:30:00Z',
    '2027-10-31T00:30:00Z',
    testNow().toISOString(),
  ])(
    'the demo seeded on %s raises flags of every source',
    async (day) => {
      const now = new Date(day);
      await seedDemoData(testApp.db, { now, participants: 40 });
      await scanner().scan(now);
      const sources = await testApp.db
        .selectDistinct({ source: clinicalFlags.source })
        .from(clinicalFlags);
      expect(new Set(sources.map((row) => row.source))).toEqual(new Set(FLAG_SOURCES));
    },
    60_000,
  );

  it('the seeded demo raises the pinned chest-pain conversation as a critical flag', async () => {
    const now = new Date();
    await seedDemoData(testApp.db, { now, participants: 10 });
    await scanner().scan(now);
    const flags = await testApp.db
      .select()
      .from(clinicalFlags)
      .where(eq(clinicalFlags.rule, 'chest-pain'));
    expect(flags.length).toBeGreaterThan(0);
    expect(flags[0]).toMatchObject({ source: 'CONVERSATION', severity: 'CRITICAL' });
    expect(flags.some((flag) => /chest pain/i.test(flag.matchedText))).toBe(true);
    // The red-flag screen ('No chest pain today, and no fever…') never raises a flag.
    expect(flags.every((flag) => !/^no chest pain/i.test(flag.matchedText))).toBe(true);
  }, 60_000);
});
