import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '#app/db/client';
import { startPeriodicTask, type PeriodicTaskLogger } from '#app/core/periodic-task';
import { deleteClientJobs, deleteEndedJobs, existingJobIds } from './export.repository';

/**
 * A running export whose heartbeat stopped this long ago is abandoned: its process died and no
 * poll took it over (a poll does after a minute), so the sweep removes it and its files.
 */
export const EXPORT_ABANDONED_SECONDS = 10 * 60;

const JOB_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a job's NDJSON files are written. */
export function exportRoot(dataDir: string): string {
  return path.join(dataDir, 'fhir-export');
}

async function removeFolders(dataDir: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await rm(path.join(exportRoot(dataDir), id), { recursive: true, force: true });
  }
}

/** Removes expired and abandoned exports with their files; their runners stop at a batch. */
export async function removeEndedExports(db: Database, dataDir: string): Promise<void> {
  await removeFolders(dataDir, await deleteEndedJobs(db, EXPORT_ABANDONED_SECONDS));
}

/**
 * The periodic sweep: ended exports as above, and any job folder whose row is gone (a process
 * stopped between deleting the row and the folder).
 */
async function sweepExports(db: Database, dataDir: string): Promise<void> {
  await removeEndedExports(db, dataDir);
  let folders: string[];
  try {
    folders = (await readdir(exportRoot(dataDir))).filter((name) => JOB_FOLDER.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const jobs = await existingJobIds(db, folders);
  await removeFolders(
    dataDir,
    folders.filter((id) => !jobs.has(id)),
  );
}

/** Removes every export of a revoked system client, running or finished, with its files. */
export async function removeClientExports(
  db: Database,
  dataDir: string,
  clientId: string,
): Promise<void> {
  await removeFolders(dataDir, await deleteClientJobs(db, clientId));
}

/** Sweeps now and then every `everyMs`; returns the stop function (server.ts). */
export function startExportSweeps(
  deps: { db: Database; dataDir: string },
  options: { everyMs: number; logger: PeriodicTaskLogger },
): () => Promise<void> {
  return startPeriodicTask(() => sweepExports(deps.db, deps.dataDir), {
    everyMs: options.everyMs,
    logger: options.logger,
    failureMessage: 'Sweeping FHIR exports failed',
    runImmediately: true,
  });
}
