import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { userGroups } from '#app/db/schema/users';
import { refreshParticipantStats } from '#app/core/participant-stats';
import { ensureSurveys } from '#app/core/surveys/programme-surveys';
import { createTimelineWriter, insertParticipantUsers, type RowCounts } from './bulk-insert';
import { DEMO_GROUPS } from './demo-accounts';
import { generateParticipantProfile, type ParticipantProfile } from './participant-profile';
import { generateParticipantTimeline } from './participant-timeline';
import { addDays, startOfUtcDay } from './seed-dates';
import { createSeedFaker, DEMO_SEED } from './seed-random';
import { TIMELINE_VOLUMES, type TimelineVolume } from './timeline-types';

/** Participants in the embedded demo: enough for every list state, quick to seed on PGlite. */
export const DEMO_PARTICIPANT_COUNT = 300;

/** Nudges are scheduled this far ahead of today. */
const NUDGE_DAYS_AHEAD = 7;

export interface DemoProgrammeOptions {
  /** Data is generated relative to this day (truncated to UTC midnight). */
  now: Date;
  participants: number;
  /** Population seed (default DEMO_SEED). */
  seed?: number;
  /** Index of the first participant: lets a second run append without email clashes. */
  startIndex?: number;
  /** Per-participant data volume (default TIMELINE_VOLUMES.full). */
  volume?: TimelineVolume;
  /** Participants generated and written per batch (bounds memory). */
  batchSize?: number;
  /**
   * Wraps each batch, e.g. in its own transaction for a 100k seed. By default batches run on `db`
   * as given, which may itself be a transaction (the embedded demo seeds atomically).
   */
  runBatch?: (work: (db: Database) => Promise<void>) => Promise<void>;
  /** Recompute participant_stats at the end (default true). */
  refreshStats?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface DemoProgrammeSummary {
  participants: number;
  rows: RowCounts;
}

/** Creates the demo groups if missing and returns name → id. */
export async function ensureDemoGroups(db: Database): Promise<Map<string, number>> {
  await db
    .insert(userGroups)
    .values(DEMO_GROUPS.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(userGroups);
  return new Map(rows.map((g) => [g.name, g.id]));
}

/**
 * While seeding, skips foreign-key triggers when the role may (always on PGlite): every user id
 * written was returned by the insert just before, and the triggers would double the insert time.
 * SET LOCAL ends with the transaction; outside one it has no effect.
 */
export async function skipForeignKeyChecksInTransaction(db: Database): Promise<void> {
  await db.execute(sql`
    do $$ begin
      if current_setting('is_superuser') = 'on' then
        set local session_replication_role = replica;
      end if;
    end $$`);
}

/**
 * Generates a recovery programme population into the database: participants in batches, each
 * batch's users inserted first (for their ids), then their timelines written in bulk chunks.
 */
export async function generateDemoProgramme(
  db: Database,
  options: DemoProgrammeOptions,
): Promise<DemoProgrammeSummary> {
  const today = startOfUtcDay(options.now);
  const baseSeed = options.seed ?? DEMO_SEED;
  const startIndex = options.startIndex ?? 0;
  const volume = options.volume ?? TIMELINE_VOLUMES.full;
  const batchSize = options.batchSize ?? 500;
  const runBatch = options.runBatch ?? ((work) => work(db));
  const groupIds = await ensureDemoGroups(db);
  const surveys = await ensureSurveys(db);
  const faker = createSeedFaker();
  const from = addDays(
    today,
    -Math.max(
      volume.telemetryDays ?? 0,
      volume.activityDays ?? 0,
      volume.nudgePastDays ?? 0,
      volume.conversationDays ?? 0,
    ),
  );
  const to = addDays(today, NUDGE_DAYS_AHEAD);
  const rows = Object.fromEntries(
    [
      'activity',
      'nudges',
      'conversations',
      'surveyResponses',
      'measurements',
      'digitalTwins',
      'markerMemberships',
      'segments',
      'clinicalRecords',
      'surgeries',
      'painLogs',
    ].map((k) => [k, 0]),
  ) as RowCounts;

  for (let offset = 0; offset < options.participants; offset += batchSize) {
    const count = Math.min(batchSize, options.participants - offset);
    await runBatch(async (batchDb) => {
      const profiles: ParticipantProfile[] = [];
      for (let i = 0; i < count; i += 1) {
        profiles.push(
          generateParticipantProfile(faker, startIndex + offset + i, { baseSeed, today, groupIds }),
        );
      }
      const ids = await insertParticipantUsers(
        batchDb,
        profiles.map((p) => p.user),
      );
      const writer = createTimelineWriter(batchDb);
      for (const profile of profiles) {
        const id = ids.get(profile.user.email);
        if (!profile.plan || id === undefined) continue;
        const timeline = generateParticipantTimeline(
          faker,
          {
            id,
            firstName: profile.user.firstName,
            lastName: profile.user.lastName,
            gender: profile.user.gender,
            birthDate: profile.user.birthDate,
            heightCm: profile.user.heightCm,
            plan: profile.plan,
          },
          { from, to, today, surveys, volume, surgeryRecords: true },
        );
        await writer.add(timeline);
      }
      await writer.flush();
      for (const key of Object.keys(rows) as (keyof RowCounts)[]) rows[key] += writer.counts[key];
    });
    options.onProgress?.(offset + count, options.participants);
  }
  if (options.refreshStats ?? true) await refreshParticipantStats(db, { now: options.now });
  return { participants: options.participants, rows };
}
