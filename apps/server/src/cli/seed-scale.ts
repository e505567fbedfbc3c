import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '#app/config';
import { users } from '#app/db/schema/users';
import type { RowCounts } from '#app/demo/bulk-insert';
import { vacuumAnalyseInLanes, withIndexesBuiltAfter } from '#app/demo/bulk-load-maintenance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#app/demo/demo-accounts';
import {
  ensureDemoGroups,
  generateDemoProgramme,
  skipForeignKeyChecksInTransaction,
} from '#app/demo/demo-generator';
import { DEMO_SEED } from '#app/demo/seed-random';
import { markDemoSeeded } from '#app/demo/seed-demo';
import { TIMELINE_VOLUMES } from '#app/demo/timeline-types';
import { createStaffAccount } from '#app/core/staff-accounts/create-staff-account';
import { refreshParticipantStats } from '#app/core/participant-stats';
import { createTriageScanner } from '#app/features/flags/triage-scanner';
import { parseCliOptions, runCli, withMigratedDatabase } from './cli-support';

const USAGE =
  'Usage: node --import tsx apps/server/src/cli/seed-scale.ts --participants N [--volume full|light|minimal] [--batch-size N] [--seed N] [--concurrency N]';

const argsSchema = z.object({
  participants: z.coerce.number().int().positive().max(2_000_000),
  volume: z.enum(['full', 'light', 'minimal']).default('light'),
  'batch-size': z.coerce.number().int().positive().max(20_000).default(1000),
  seed: z.coerce.number().int().nonnegative().default(DEMO_SEED),
  /** Batches written at once; defaults to 2 on PostgreSQL and 1 on PGlite (one connection). */
  concurrency: z.coerce.number().int().positive().max(8).optional(),
});

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Fills the configured database with a large generated programme for benchmarks: the demo
 * groups and logins (when missing) plus N participants appended after any existing ones. Each
 * batch of participants is its own transaction, so an interrupted run keeps what it wrote.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      participants: { type: 'string' },
      volume: { type: 'string' },
      'batch-size': { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  const args = parseCliOptions(argsSchema, values, USAGE);
  const config = loadConfig();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  await withMigratedDatabase(config, async (database) => {
    const { db } = database;
    const now = new Date();

    await db.transaction(async (tx) => {
      await ensureDemoGroups(tx);
      for (const account of DEMO_ACCOUNTS) {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, account.email));
        if (!existing) await createStaffAccount(tx, { ...account, password: DEMO_PASSWORD });
      }
      // The server must not seed its own demo on top of this data.
      await markDemoSeeded(tx, now);
    });
    const [existing] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'PARTICIPANT'));
    const startIndex = existing?.n ?? 0;

    log(
      `Seeding ${args.participants.toLocaleString('en-US')} participants (volume ${args.volume}) into ${database.kind}, after ${startIndex.toLocaleString('en-US')} existing…`,
    );
    const started = performance.now();
    let lastReport = started;
    // Each lane generates its own contiguous range of participants (every participant is seeded
    // by its index, so the data does not depend on the lanes): while one lane builds its next
    // batch in JavaScript, the database is busy writing another lane's batch.
    const lanes = Math.min(
      args.concurrency ?? (database.kind === 'postgres' ? 2 : 1),
      args.participants,
    );
    const done = new Array<number>(lanes).fill(0);
    let generated = started;
    const generate = () =>
      Promise.all(
        Array.from({ length: lanes }, (_, lane) => {
          const from = Math.floor((args.participants * lane) / lanes);
          const to = Math.floor((args.participants * (lane + 1)) / lanes);
          return generateDemoProgramme(db, {
            now,
            participants: to - from,
            seed: args.seed,
            startIndex: startIndex + from,
            volume: TIMELINE_VOLUMES[args.volume],
            batchSize: args['batch-size'],
            refreshStats: false,
            runBatch: (work) =>
              db.transaction(async (tx) => {
                await skipForeignKeyChecksInTransaction(tx);
                await work(tx);
              }),
            onProgress: (laneDone) => {
              done[lane] = laneDone;
              const at = performance.now();
              const total = done.reduce((sum, n) => sum + n, 0);
              if (at - lastReport < 5000 && total < args.participants) return;
              lastReport = at;
              const rate = Math.round(total / ((at - started) / 1000));
              log(
                `  ${total.toLocaleString('en-US')} / ${args.participants.toLocaleString('en-US')} participants (${seconds(at - started)}, ${rate}/s)`,
              );
            },
          });
        }),
      ).finally(() => {
        generated = performance.now();
      });
    const laneSummaries = await withIndexesBuiltAfter(
      db,
      // The builds of a PostgreSQL's indexes overlap as the lanes' batches did.
      database.kind === 'postgres' ? { lanes, maintenanceWorkMem: '256MB' } : { lanes: 1 },
      generate,
    );
    const indexed = performance.now();
    const rows: Partial<RowCounts> = {};
    for (const summary of laneSummaries) {
      for (const [table, count] of Object.entries(summary.rows) as [keyof RowCounts, number][]) {
        rows[table] = (rows[table] ?? 0) + count;
      }
    }
    await refreshParticipantStats(db, { now });
    const refreshed = performance.now();
    // Planner statistics and the visibility map, as autovacuum would leave them: right after a
    // bulk load the planner plans blind and counts cannot use index-only scans.
    await vacuumAnalyseInLanes(db, lanes);
    const analysed = performance.now();
    // The first triage scan, as a server starting on this database would run it: a benchmark
    // then measures the server in its steady state rather than behind a scan of everything.
    const scan = await createTriageScanner({ db, concerns: config.flagConcerns }).scan(now);
    await db.execute(sql`vacuum (analyze) clinical_flags, participant_triage, triage_scan_state`);
    const scanned = performance.now();

    log(`Participants and programme data: ${seconds(generated - started)}`);
    for (const [table, count] of Object.entries(rows)) {
      log(`  ${table.padEnd(18)} ${count.toLocaleString('en-US').padStart(12)} rows`);
    }
    log(`index builds after the load: ${seconds(indexed - generated)}`);
    log(`participant_stats refresh: ${seconds(refreshed - indexed)}`);
    log(`vacuum and analyze: ${seconds(analysed - refreshed)}`);
    log(
      `triage scan: ${seconds(scanned - analysed)} (${scan.conversations.toLocaleString('en-US')} conversations, ${scan.participants.toLocaleString('en-US')} participants' telemetry, ${scan.raised.toLocaleString('en-US')} flags)`,
    );
    log(`Total: ${seconds(scanned - started)}`);
  });
}

runCli(main);
