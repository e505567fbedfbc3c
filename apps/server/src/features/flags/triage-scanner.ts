import type { Concern } from '@recovery-portal/contract/flags';
import type { Database } from '#app/db/client';
import { DAY_MS } from '#app/core/days';
import { compileConcerns } from './concern-matcher';
import { conversationFlags, outcomeFlags, RULE_CODES, thresholdFlags } from './flag-findings';
import { createFlagRaising } from './flag-raising';
import { participantsWithSubmissions, submittedSurveysOf } from './outcome-flags.repository';
import {
  conversationsAfter,
  conversationsOf,
  lockTriageRows,
  maxConversationId,
  maxMeasurementId,
  nextUserRangeEnd,
  participantsWithNewMeasurements,
  readingsByParticipant,
  readWatermark,
  refreshTriage,
  saveWatermark,
} from './triage.repository';
import { startPeriodicTask } from '#app/core/periodic-task';

/**
 * Findings older than this are history, not triage: a first scan of a database with a year of
 * data raises flags for the last two weeks only.
 */
export const TRIAGE_LOOKBACK_DAYS = 14;
/**
 * A survey score stands until the next one is due: a 3-month score that is not improving is
 * still the latest word three months on (the 6-month survey). Outcome findings submitted within
 * this many days are raised.
 */
export const OUTCOME_LOOKBACK_DAYS = 91;
/** Readings this far before the lookback give the rules their context (a week to compare with). */
const CONTEXT_DAYS = 14;
/** Conversations, or participants, handled per transaction: bounds memory at any size. */
const DEFAULT_BATCH_SIZE = 2000;
/**
 * With more new measurements than this, the scan walks all participants in id ranges instead of
 * first listing those with new readings: a first scan, or one after a bulk import, reads each
 * participant's readings once, in index order.
 */
const DEFAULT_RANGE_WALK_ABOVE = 100_000;

export interface ScanSummary {
  conversations: number;
  participants: number;
  raised: number;
}

export interface TriageScannerOptions {
  db: Database;
  concerns: readonly Concern[];
  batchSize?: number;
  /** New measurements above which the scan walks participant ranges (DEFAULT_RANGE_WALK_ABOVE). */
  rangeWalkAbove?: number;
}

/**
 * Raises flags from coach conversations, telemetry and outcome scores. `scan` reads what arrived since the
 * watermarks in triage_scan_state; `scanParticipants` re-reads some participants' recent data
 * (after their data was regenerated, or their thresholds changed). Raising is idempotent (one
 * flag per participant and dedupe key), and each batch raises its flags and recounts the
 * participants' participant_triage row in one transaction. Scans run one at a time.
 */
export function createTriageScanner(options: TriageScannerOptions) {
  const { db } = options;
  const matcher = compileConcerns(options.concerns);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const rangeWalkAbove = options.rangeWalkAbove ?? DEFAULT_RANGE_WALK_ABOVE;
  const raising = createFlagRaising(db, batchSize);
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs scans one after another, so two never race over the same watermark. */
  function serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** 'Not improving as expected' flags of these participants' surveys submitted since `since`. */
  async function scanOutcomes(userIds: readonly number[], since: Date): Promise<number> {
    const raiser = raising.batched();
    for (let i = 0; i < userIds.length; i += batchSize) {
      const rowsByUser = await submittedSurveysOf(db, userIds.slice(i, i + batchSize));
      await raiser.add(outcomeFlags(rowsByUser, since));
    }
    return raiser.flush();
  }

  /** Evaluates these participants' threshold rules, reading `batchSize` participants at a time. */
  async function scanThresholds(userIds: readonly number[], since: Date): Promise<number> {
    const from = contextStart(since);
    const raiser = raising.batched();
    for (let i = 0; i < userIds.length; i += batchSize) {
      const batch = userIds.slice(i, i + batchSize);
      const readings = await readingsByParticipant(db, { userIds: batch }, RULE_CODES, from);
      await raiser.add(await thresholdFlags(db, batch, readings, since));
    }
    return raiser.flush();
  }

  /**
   * Walks every participant in id ranges and evaluates those with a reading stored in
   * (afterId, upToId] and taken since `since`: the participants the listing would name.
   */
  async function scanThresholdRanges(
    newReadings: { afterId: number; upToId: number; since: Date },
    summary: ScanSummary,
  ) {
    const from = contextStart(newReadings.since);
    const raiser = raising.batched();
    const readRange = async (afterUserId: number) => {
      const lastUserId = await nextUserRangeEnd(db, afterUserId, batchSize);
      if (lastUserId === null) return null;
      const filter = { afterUserId, lastUserId, newReadings };
      return { lastUserId, readings: await readingsByParticipant(db, filter, RULE_CODES, from) };
    };
    let pending = settled(readRange(0));
    for (;;) {
      const range = await pending;
      if (!range) break;
      // The next range is read while this one is evaluated and raised.
      pending = settled(readRange(range.lastUserId));
      const userIds = [...range.readings.keys()];
      summary.participants += userIds.length;
      await raiser.add(await thresholdFlags(db, userIds, range.readings, newReadings.since));
    }
    summary.raised += await raiser.flush();
  }

  return {
    /** Reads the conversations and measurements stored since the last scan. */
    scan(now: Date = new Date()): Promise<ScanSummary> {
      return serialised(async () => {
        const since = new Date(now.getTime() - TRIAGE_LOOKBACK_DAYS * DAY_MS);
        const summary: ScanSummary = { conversations: 0, participants: 0, raised: 0 };

        // Read the ceilings first: rows stored while the scan runs are left for the next one.
        const [conversationCeiling, measurementCeiling] = await Promise.all([
          maxConversationId(db),
          maxMeasurementId(db),
        ]);
        const nextConversations = (afterId: number) =>
          settled(
            conversationsAfter(db, {
              afterId,
              upToId: conversationCeiling,
              since,
              limit: batchSize,
            }),
          );
        const raiser = raising.batched();
        // The next batch is read while this one is matched and raised (PostgreSQL overlaps them).
        let pending = nextConversations(await readWatermark(db, 'conversations'));
        for (;;) {
          const rows = await pending;
          const last = rows.at(-1);
          if (!last) break;
          pending = nextConversations(last.id);
          summary.conversations += rows.length;
          await raiser.add(conversationFlags(matcher, rows));
        }
        summary.raised += await raiser.flush();
        await saveWatermark(db, 'conversations', conversationCeiling);

        const newReadings = {
          afterId: await readWatermark(db, 'measurements'),
          upToId: measurementCeiling,
          since,
        };
        if (newReadings.upToId - newReadings.afterId > rangeWalkAbove) {
          await scanThresholdRanges(newReadings, summary);
        } else {
          const participants = await participantsWithNewMeasurements(db, {
            ...newReadings,
            codes: RULE_CODES,
          });
          summary.participants = participants.length;
          summary.raised += await scanThresholds(participants, since);
        }
        await saveWatermark(db, 'measurements', measurementCeiling);

        // Surveys: the watermark is the submission instant (ms) up to which they were read.
        const outcomeSince = outcomeLookback(now);
        const submittedAfter = Math.max(await readWatermark(db, 'surveys'), outcomeSince.getTime());
        const submitters = await participantsWithSubmissions(db, {
          after: new Date(submittedAfter),
          upTo: now,
        });
        summary.participants += submitters.length;
        summary.raised += await scanOutcomes(submitters, outcomeSince);
        await saveWatermark(db, 'surveys', now.getTime());
        return summary;
      });
    },

    /**
     * Re-reads these participants' conversations and telemetry of the lookback before `now`,
     * and recounts their triage row even when nothing new is raised (their data, and with it
     * flags, may have been replaced).
     */
    scanParticipants(userIds: readonly number[], now: Date = new Date()): Promise<ScanSummary> {
      return serialised(async () => {
        const since = new Date(now.getTime() - TRIAGE_LOOKBACK_DAYS * DAY_MS);
        const rows = await conversationsOf(db, userIds, since);
        const raised =
          (await raising.raise(conversationFlags(matcher, rows))) +
          (await scanThresholds(userIds, since)) +
          (await scanOutcomes(userIds, outcomeLookback(now)));
        await db.transaction(async (tx) => {
          await lockTriageRows(tx, userIds);
          await refreshTriage(tx, userIds);
        });
        return { conversations: rows.length, participants: userIds.length, raised };
      });
    },
  };
}
export type TriageScanner = ReturnType<typeof createTriageScanner>;

function outcomeLookback(now: Date): Date {
  return new Date(now.getTime() - OUTCOME_LOOKBACK_DAYS * DAY_MS);
}

/** A read started ahead: if the scan fails before awaiting it, its rejection is not unhandled. */
function settled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Readings this far back give the rules their context for findings since `since`. */
function contextStart(since: Date): Date {
  return new Date(since.getTime() - CONTEXT_DAYS * DAY_MS);
}

export interface TriageScheduleLogger {
  error(details: { err: unknown }, message: string): void;
}

/**
 * Scans every `intervalMs` (and once right away, unless told otherwise). Failures are logged and
 * retried next tick; a tick is skipped while a scan still runs. Returns a stop function that
 * resolves once a scan in flight has finished, so the database can be closed after it.
 */
export function startTriageScans(
  scanner: TriageScanner,
  options: { intervalMs: number; logger: TriageScheduleLogger; runImmediately?: boolean },
): () => Promise<void> {
  return startPeriodicTask(
    async () => {
      await scanner.scan();
    },
    {
      everyMs: options.intervalMs,
      logger: options.logger,
      failureMessage: 'Triage scan failed',
      runImmediately: options.runImmediately ?? true,
    },
  );
}
