import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  FHIR_EXPORT_BUSY_RETRY_AFTER_SECONDS,
  FHIR_EXPORT_MESSAGES,
  FHIR_EXPORT_TTL_HOURS,
  type FhirExportLevel,
  type FhirResourceType,
} from '@recovery-portal/contract/fhir';
import type { Database } from '#app/db/client';
import {
  claimStaleJob,
  completeExportJob,
  findExportJob,
  findRunningJobOf,
  groupExists,
  heartbeat,
  insertExportJob,
  listExportFiles,
  pageGroupMembers,
  setExportStatus,
  type ExportJob,
} from './export.repository';
import { exportRoot, removeEndedExports } from './export-retention';
import { FhirError } from '#app/features/fhir/fhir-error';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import type { ResourceDefinition } from '#app/features/fhir/resources/resource-types';
import type { ParsedSearch } from '#app/features/fhir/search/search-params';

/** Rows read per query: bounds what an export holds in memory at once. */
const BATCH = 1000;
/** Participants of a Group exported per pass over the types. */
const MEMBER_BATCH = 1000;
/** A running job whose heartbeat is older than this was left by a process that died. */
const STALE_SECONDS = 60;
/**
 * A running job writes its heartbeat (progress, and whether it is still wanted) at most this
 * often: one per batch was one commit per 1,000 resources, about a fifth of a large export's time.
 */
const HEARTBEAT_INTERVAL_MS = 1000;

/** When a job that ends now (finished, failed or cancelled) is deleted with its files. */
const expiry = () => new Date(Date.now() + FHIR_EXPORT_TTL_HOURS * 3_600_000);

export interface ExportRequester {
  staffId: number | null;
  clientId: string | null;
}

export interface ExportRequest {
  level: FhirExportLevel;
  groupId: string | null;
  query: Record<string, string | string[] | undefined>;
  requestUrl: string;
  requester: ExportRequester;
}

const KICK_OFF_PARAMS = new Set(['_type', '_since', '_outputFormat']);
const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];

function bad(message: string): FhirError {
  return new FhirError(400, 'invalid', message);
}

function single(query: ExportRequest['query'], name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    if (value.length > 1) throw bad(FHIR_EXPORT_MESSAGES.unknownParameter(name));
    return value[0];
  }
  return value;
}

function searchFor(since: Date | null, patients?: number[]): ParsedSearch {
  return {
    count: BATCH,
    summaryCount: false,
    lastUpdated: since ? [{ from: since }] : [],
    date: [],
    ...(patients ? { patients } : {}),
    echo: new URLSearchParams(),
  };
}

/**
 * Bulk Data $export: kick-off validates and records the job, then runs it in this process;
 * any process answers polls from the job row and serves the files from the shared DATA_DIR.
 */
export function createExportService(deps: {
  db: Database;
  definitions: readonly ResourceDefinition[];
  ctx: FhirContext;
  dataDir: string;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;
  const root = exportRoot(deps.dataDir);
  /** The jobs this process runs, by id; only their runner removes their folder. */
  const running = new Map<string, Promise<void>>();
  // Set on shutdown: running exports stop at their next batch and stay 'in-progress', so another
  // process takes them over once their heartbeat is stale.
  let stopping = false;
  const jobDir = (id: string) => path.join(root, id);

  function typesOf(level: FhirExportLevel, query: ExportRequest['query']): ResourceDefinition[] {
    const inScope = deps.definitions.filter(
      (definition) => level === 'system' || definition.perParticipant,
    );
    const asked = single(query, '_type');
    if (asked === undefined) return inScope;
    const names = asked.split(',').map((name) => name.trim());
    return names.map((name) => {
      const definition = deps.definitions.find((d) => d.type === name);
      if (!definition) throw bad(FHIR_EXPORT_MESSAGES.unknownType(name.slice(0, 64)));
      if (!inScope.includes(definition)) throw bad(FHIR_EXPORT_MESSAGES.notInCompartment(name));
      return definition;
    });
  }

  /** A file of the job; its write errors surface in writeLines and closeStream, never uncaught. */
  function openStream(file: string): WriteStream {
    const stream = createWriteStream(file);
    stream.on('error', () => undefined);
    return stream;
  }

  async function writeLines(stream: WriteStream, lines: string): Promise<void> {
    if (stream.errored) throw stream.errored;
    if (!stream.write(lines)) await once(stream, 'drain');
  }

  async function closeStream(stream: WriteStream): Promise<void> {
    stream.end();
    await finished(stream);
  }

  /** Streams every row of the job's types into one NDJSON file per type, batch by batch. */
  async function run(job: ExportJob): Promise<void> {
    const dir = jobDir(job.id);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const definitions = deps.definitions.filter((d) => job.types.includes(d.type));
    const streams = new Map<FhirResourceType, { stream: WriteStream; count: number }>();
    let written = 0;
    let wanted = true;
    // Monotonic: the interval between heartbeats, not a time of day.
    let lastHeartbeat = performance.now();

    async function exportFor(patients: number[] | undefined) {
      const search = searchFor(job.since, patients);
      for (const definition of definitions) {
        for (const source of definition.sources) {
          const where = source.where(search, deps.ctx);
          if (where === null) continue;
          let after: number | null = null;
          for (;;) {
            const rows: unknown[] = await source.page(where, after, BATCH);
            if (rows.length === 0) break;
            let file = streams.get(definition.type);
            if (!file) {
              file = {
                stream: openStream(path.join(dir, `${definition.type}.ndjson`)),
                count: 0,
              };
              streams.set(definition.type, file);
            }
            // One write per batch: a write per resource cost more than building its JSON.
            await writeLines(
              file.stream,
              rows.map((row) => `${JSON.stringify(source.toResource(row, deps.ctx))}\n`).join(''),
            );
            file.count += rows.length;
            written += rows.length;
            after = source.key(rows[rows.length - 1]);
            if (stopping) wanted = false;
            else if (performance.now() - lastHeartbeat >= HEARTBEAT_INTERVAL_MS) {
              wanted = await heartbeat(db, job.id, written);
              lastHeartbeat = performance.now();
            }
            if (!wanted || rows.length < BATCH) break;
          }
          if (!wanted) return;
        }
      }
    }

    try {
      if (job.level === 'group' && job.groupId !== null) {
        let afterMember = 0;
        for (;;) {
          const members = await pageGroupMembers(db, job.groupId, afterMember, MEMBER_BATCH);
          if (members.length === 0) break;
          await exportFor(members);
          if (!wanted) break;
          afterMember = members[members.length - 1] ?? afterMember;
        }
      } else {
        await exportFor(undefined);
      }
      for (const file of streams.values()) await closeStream(file.stream);
      const files = [...streams.entries()].map(([type, file]) => ({
        name: `${type}.ndjson`,
        type,
        count: file.count,
      }));
      if (!wanted || !(await completeExportJob(db, job.id, files, expiry()))) {
        await rm(dir, { recursive: true, force: true });
      }
    } catch (error) {
      for (const file of streams.values()) file.stream.destroy();
      // A job cancelled or removed meanwhile (revoked client, sweep) may lose its folder under
      // it: that ends it as intended, not as a failure.
      if (await setExportStatus(db, job.id, 'failed', expiry())) {
        deps.log.error({ err: error, exportJob: job.id }, 'FHIR export failed');
      }
      await rm(dir, { recursive: true, force: true });
    }
  }

  function start(job: ExportJob) {
    const work = run(job).finally(() => running.delete(job.id));
    running.set(job.id, work);
  }

  const sweep = () => removeEndedExports(db, deps.dataDir);

  /** The requester's job, or 404 (someone else's job does not exist for them). */
  async function ownJob(id: string, requester: ExportRequester): Promise<ExportJob> {
    const job = /^[0-9a-f-]{36}$/.test(id) ? await findExportJob(db, id) : undefined;
    const owned =
      job &&
      job.status !== 'cancelled' &&
      (job.expiresAt === null || job.expiresAt.getTime() > Date.now()) &&
      job.requesterStaffId === requester.staffId &&
      job.requesterClientId === requester.clientId;
    if (!owned) throw new FhirError(404, 'not-found', FHIR_EXPORT_MESSAGES.jobNotFound);
    return job;
  }

  return {
    /** Validates and records the job, starts it here and answers its id. */
    async kickOff(
      request: ExportRequest,
      preferAsync: boolean,
      mayRead: (definition: ResourceDefinition) => void,
    ): Promise<string> {
      if (!preferAsync) throw bad(FHIR_EXPORT_MESSAGES.preferRequired);
      for (const name of Object.keys(request.query)) {
        if (!KICK_OFF_PARAMS.has(name)) {
          throw bad(FHIR_EXPORT_MESSAGES.unknownParameter(name.slice(0, 64)));
        }
      }
      const format = single(request.query, '_outputFormat');
      if (format !== undefined && !NDJSON_FORMATS.includes(format)) {
        throw bad(FHIR_EXPORT_MESSAGES.outputFormat);
      }
      const sinceText = single(request.query, '_since');
      let since: Date | null = null;
      if (sinceText !== undefined) {
        if (
          !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(sinceText)
        ) {
          throw bad(FHIR_EXPORT_MESSAGES.invalidSince);
        }
        since = new Date(sinceText);
        // PostgreSQL reads years 1 to 9999 as written; a time zone can push past either end.
        const year = since.getUTCFullYear();
        if (Number.isNaN(year) || year < 1 || year > 9999) {
          throw bad(FHIR_EXPORT_MESSAGES.invalidSince);
        }
      }
      const definitions = typesOf(request.level, request.query);
      definitions.forEach(mayRead);
      let groupId: number | null = null;
      if (request.level === 'group') {
        const id = request.groupId ?? '';
        if (!/^\d{1,9}$/.test(id) || !(await groupExists(db, Number(id)))) {
          throw new FhirError(
            404,
            'not-found',
            FHIR_EXPORT_MESSAGES.groupNotFound(id.slice(0, 64)),
          );
        }
        groupId = Number(id);
      }
      await sweep();
      const id = randomUUID();
      const inserted = await insertExportJob(db, {
        id,
        level: request.level,
        groupId,
        types: definitions.map((d) => d.type),
        since,
        requesterStaffId: request.requester.staffId,
        requesterClientId: request.requester.clientId,
        requestUrl: request.requestUrl,
        transactionTime: new Date(),
      });
      if (!inserted) {
        const running = await findRunningJobOf(db, request.requester);
        throw new FhirError(
          429,
          'throttled',
          FHIR_EXPORT_MESSAGES.busy(`${deps.ctx.base}/bulk-status/${running ?? ''}`),
          FHIR_EXPORT_BUSY_RETRY_AFTER_SECONDS,
        );
      }
      const job = await findExportJob(db, id);
      if (job) start(job);
      return id;
    },

    async status(id: string, requester: ExportRequester) {
      await sweep();
      const job = await ownJob(id, requester);
      if (job.status === 'failed') {
        throw new FhirError(500, 'exception', FHIR_EXPORT_MESSAGES.failed);
      }
      if (job.status === 'in-progress') {
        if (await claimStaleJob(db, id, STALE_SECONDS)) start(job);
        return { done: false as const, written: job.written };
      }
      return { done: true as const, job };
    },

    async cancel(id: string, requester: ExportRequester): Promise<void> {
      await ownJob(id, requester);
      await setExportStatus(db, id, 'cancelled', expiry());
      // A job running here notices at its next batch and removes its own folder; removing it
      // under its open files would only turn the cancellation into a failure.
      if (!running.has(id)) await rm(jobDir(id), { recursive: true, force: true });
    },

    /** The opened file when it belongs to the requester's finished, unexpired job. */
    async file(id: string, name: string, requester: ExportRequester): Promise<FileHandle> {
      const job = await ownJob(id, requester);
      if (job.status !== 'completed') {
        throw new FhirError(404, 'not-found', FHIR_EXPORT_MESSAGES.jobNotFound);
      }
      const listed = (await listExportFiles(db, id)).some((file) => file.name === name);
      if (!listed) {
        throw new FhirError(404, 'not-found', FHIR_EXPORT_MESSAGES.fileNotFound(name.slice(0, 64)));
      }
      try {
        return await open(path.join(jobDir(id), name));
      } catch (error) {
        // Swept or cancelled between the check and here, or DATA_DIR is not shared.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        throw new FhirError(404, 'not-found', FHIR_EXPORT_MESSAGES.jobNotFound);
      }
    },

    /** Waits for the exports this process runs (tests). */
    async settle(): Promise<void> {
      await Promise.all([...running.values()]);
    },

    /** Stops this process's exports at their next batch, for shutdown. */
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all([...running.values()]);
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
