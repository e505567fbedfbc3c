import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { PROGRAMME_THRESHOLD_DEFAULTS, programmeOf } from '@recovery-portal/contract/thresholds';
import type { Database } from '#app/db/client';
import { latestSurgeriesOf } from '#app/core/surgeries';
import { matchConversation, type ConcernMatcher } from './concern-matcher';
import type { ScheduleRow } from '#app/core/surveys/survey-schedule';
import { outcomeFindings } from './outcome-rules';
import {
  evaluateThresholds,
  severityOf,
  type ParticipantSeries,
  type Reading,
} from './threshold-rules';
import { effectiveThresholds, thresholdOverrides } from '#app/core/threshold-overrides';
import type { NewFlag, ReadingRow, ScannedConversation } from './triage.repository';

/** What each source finds, as the flags the scanner raises: conversations, thresholds, outcomes. */

const SERIES_OF_CODE: Record<string, keyof Omit<ParticipantSeries, 'surgeryDate'>> = {
  [MEASUREMENT_TYPES.systolicBp.code]: 'systolic',
  [MEASUREMENT_TYPES.painScore.code]: 'pain',
  [MEASUREMENT_TYPES.steps.code]: 'steps',
  [MEASUREMENT_TYPES.weight.code]: 'weight',
};
/** The measurement codes the threshold rules read. */
export const RULE_CODES = Object.keys(SERIES_OF_CODE);

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** One participant's readings (in time order) split into the series the rules read. */
function seriesOf(readings: readonly ReadingRow[], surgeryDate: string | null): ParticipantSeries {
  const series: Record<keyof Omit<ParticipantSeries, 'surgeryDate'>, Reading[]> = {
    systolic: [],
    pain: [],
    steps: [],
    weight: [],
  };
  for (const reading of readings) {
    const name = SERIES_OF_CODE[reading.code];
    if (name) series[name].push({ at: reading.measuredAt, value: reading.value });
  }
  return { ...series, surgeryDate };
}

/** The concerns matched in these conversations. */
export function conversationFlags(
  matcher: ConcernMatcher,
  rows: readonly ScannedConversation[],
): NewFlag[] {
  return rows.flatMap((conversation) =>
    matchConversation(matcher, conversation).map((match) => ({
      userId: conversation.userId,
      source: 'CONVERSATION' as const,
      severity: match.severity,
      rule: match.concernId,
      matchedText: match.sentence,
      value: null,
      conversationId: conversation.id,
      messageIndex: match.messageIndex,
      dedupeKey: `conversation:${conversation.id}:${match.concernId}`,
      detectedAt: conversation.endedAt,
    })),
  );
}

/** Evaluates the threshold rules of these participants over their readings since `since`. */
export async function thresholdFlags(
  db: Database,
  userIds: readonly number[],
  readingsByUser: ReadonlyMap<number, readonly ReadingRow[]>,
  since: Date,
): Promise<NewFlag[]> {
  const [surgeries, overrides] = await Promise.all([
    latestSurgeriesOf(db, userIds),
    thresholdOverrides(db, userIds),
  ]);
  const overridesByUser = groupBy(overrides, (row) => row.userId);
  return userIds.flatMap((userId) => {
    const surgery = surgeries.get(userId) ?? null;
    const thresholds = effectiveThresholds(
      PROGRAMME_THRESHOLD_DEFAULTS[programmeOf(surgery?.procedure ?? null)],
      overridesByUser.get(userId) ?? [],
    );
    const series = seriesOf(readingsByUser.get(userId) ?? [], surgery?.surgeryDate ?? null);
    return evaluateThresholds(series, thresholds)
      .filter((finding) => finding.detectedAt >= since)
      .map((finding) => ({
        userId,
        source: 'THRESHOLD' as const,
        severity: severityOf(finding.rule),
        rule: finding.rule,
        matchedText: finding.text,
        value: finding.value,
        conversationId: null,
        messageIndex: null,
        dedupeKey: finding.key,
        detectedAt: finding.detectedAt,
      }));
  });
}

/** 'Not improving as expected' findings of these participants' surveys submitted since `since`. */
export function outcomeFlags(
  rowsByUser: ReadonlyMap<number, readonly ScheduleRow[]>,
  since: Date,
): NewFlag[] {
  return [...rowsByUser].flatMap(([userId, rows]) =>
    outcomeFindings(rows)
      .filter((finding) => finding.detectedAt >= since)
      .map((finding): NewFlag => ({
        userId,
        source: 'OUTCOME',
        severity: 'MODERATE',
        rule: finding.rule,
        matchedText: finding.text,
        value: finding.value,
        conversationId: null,
        messageIndex: null,
        dedupeKey: finding.key,
        detectedAt: finding.detectedAt,
      })),
  );
}
