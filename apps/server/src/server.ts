import type { Writable } from 'node:stream';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { DEMO_ACCOUNTS, DEMO_PARTICIPANT, DEMO_PASSWORD } from './demo/demo-accounts';
import { isDemoSeeded, seedDemoData } from './demo/seed-demo';
import {
  backupSocketPath,
  serveBackupRequests,
  socketPathFits,
  startScheduledBackups,
  writeBackup,
} from './features/backup/backups';
import { startParticipantStatsRefresher } from './features/activity/participant-stats-refresher';
import { startCareTeamDigests } from './features/care-team/care-team-digest';
import { startExportSweeps } from './features/fhir/bulk-export/export-retention';
import { createConfiguredMailer } from './mail/configured-mailer';
import { createTriageScanner, startTriageScans } from './features/flags/triage-scanner';
import { lockDataDir } from './lib/data-dir-lock';
import { deriveMissingScores } from './core/surveys/stored-scores';
import { restrictTree, secureDataDir } from './lib/secure-data-dir';
import { loadSecrets } from './secrets';

/** How often last-seen and the 7-day activity counts are recomputed. */
const STATS_REFRESH_INTERVAL_MS = 5 * 60_000;
/** How often the critical-flag digest looks for new flags (each recipient's interval is its own). */
const DIGEST_TICK_MS = 60_000;
/** How often new conversations and telemetry are screened for clinical flags. */
const TRIAGE_SCAN_INTERVAL_MS = 60_000;
/** How often expired and abandoned FHIR exports are deleted with their files. */
const EXPORT_SWEEP_INTERVAL_MS = 60_000;

function banner(config: Config, address: string, showDemoLogins: boolean): string {
  const lines = [
    '',
    `  Recovery Portal is running at ${address}`,
    `  Database: ${config.databaseKind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'outbox table and this log (set SMTP_URL to send)'}`,
    // The portal's page, signed in; /api/docs itself answers browsers without a token with 401.
    `  API docs: ${address}${WEB_ROUTES.apiDocs} (sign in to the portal)`,
  ];
  if (showDemoLogins) {
    lines.push('', `  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      lines.push(`    ${account.role.toLowerCase().padEnd(14)} ${account.email}`);
    lines.push(
      `    ${'participant'.padEnd(14)} ${DEMO_PARTICIPANT.email} (participant app sign-in)`,
    );
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  return lines.join('\n');
}

async function main() {
  const config = loadConfig();
  const releaseLock =
    config.databaseKind === 'pglite' ? lockDataDir(await secureDataDir(config.dataDir)) : () => {};
  // Uploaded files and generated secrets live in DATA_DIR with PostgreSQL too.
  if (config.databaseKind === 'postgres') await secureDataDir(config.dataDir);
  const secrets = await loadSecrets(config);
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  // Answers stored before their scores were: derived once, so the aggregates count them.
  await deriveMissingScores(database.db);
  await restrictTree(config.dataDir);
  const seededNow = config.seedDemo && (await seedDemoData(database.db));
  const showDemoLogins = config.seedDemo && (await isDemoSeeded(database.db));
  const triageScanner = createTriageScanner({ db: database.db, concerns: config.flagConcerns });
  // A fresh demo opens with its flags raised; later starts scan in the background.
  if (seededNow) await triageScanner.scan();

  const app = await buildApp({ config, database, secrets, triageScanner });
  // The 7-day counts describe a moving window, so they are recomputed in the background.
  const stopStatsRefresher = startParticipantStatsRefresher(database.db, {
    intervalMs: STATS_REFRESH_INTERVAL_MS,
    logger: app.log,
  });
  const stopTriageScans = startTriageScans(triageScanner, {
    intervalMs: TRIAGE_SCAN_INTERVAL_MS,
    logger: app.log,
    runImmediately: !seededNow,
  });
  const stopExportSweeps = startExportSweeps(
    { db: database.db, dataDir: config.dataDir },
    { everyMs: EXPORT_SWEEP_INTERVAL_MS, logger: app.log },
  );
  const stopDigests =
    config.careTeamDigestMinutes > 0
      ? startCareTeamDigests(
          {
            db: database.db,
            mailer: createConfiguredMailer(config, database.db, app.log),
            publicUrl: config.publicUrl,
            intervalMinutes: config.careTeamDigestMinutes,
          },
          { tickMs: DIGEST_TICK_MS, logger: app.log },
        )
      : async () => {};
  const takeBackup = (out: Writable) => writeBackup({ database, dataDir: config.dataDir, out });
  // loadConfig refuses BACKUP_EVERY without BACKUP_KEY.
  const stopScheduledBackups =
    config.backup.everyMs && config.backup.key
      ? startScheduledBackups({
          dir: config.backup.dir,
          everyMs: config.backup.everyMs,
          keep: config.backup.keep,
          key: config.backup.key,
          takeBackup,
          logger: app.log,
        })
      : async () => {};
  // Only this process can read the embedded database: `npm run backup` asks it over a socket.
  let stopBackupRequests = async () => {};
  if (config.databaseKind === 'pglite') {
    if (socketPathFits(backupSocketPath(config.dataDir))) {
      stopBackupRequests = await serveBackupRequests(config.dataDir, takeBackup, app.log);
    } else {
      app.log.warn('DATA_DIR is too long a path for the backup socket: use scheduled backups');
    }
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await stopStatsRefresher();
    await stopTriageScans();
    await stopExportSweeps();
    await stopDigests();
    await stopBackupRequests();
    await stopScheduledBackups();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const port = app.server.address();
  const actualPort = typeof port === 'object' && port ? port.port : config.port;
  const shownHost =
    config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  process.stdout.write(banner(config, `http://${shownHost}:${actualPort}`, showDemoLogins));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Recovery Portal could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
