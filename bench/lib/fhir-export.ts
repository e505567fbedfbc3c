import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import type { SessionHeaders } from './api-session';

/** A whole-programme Bulk Data export (docs/fhir.md: NDJSON streamed in bounded memory). */
export interface ExportFigure {
  /** NDJSON lines written, over every type. */
  resources: number;
  /** Size of the NDJSON files. */
  megabytes: number;
  /** From the kick-off to the manifest. */
  seconds: number;
  /** The server process's resident memory just before the kick-off. */
  rssBeforeMb: number;
  /** Its peak resident memory during the export (the kernel's VmHWM, reset at the kick-off). */
  rssPeakMb: number;
  /** What else ran on the machine meanwhile, if anything. */
  alongside?: string;
}

/** A line of /proc/<pid>/status in MiB, e.g. VmRSS or VmHWM (given in kB). */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kb) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(kb) / 1024;
}

function folderMb(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) bytes += statSync(path.join(dir, name)).size;
  return bytes / 1024 / 1024;
}

/**
 * Runs `Patient/$export` of every participant type through the built server and measures its
 * time and the server's peak memory. The peak is the kernel's own high-water mark, reset just
 * before the kick-off (writing 5 to /proc/<pid>/clear_refs), so no sampling can miss it.
 */
export async function measureExport(options: {
  baseUrl: string;
  headers: SessionHeaders;
  pid: number;
  dataDir: string;
}): Promise<ExportFigure> {
  const fhir = `${options.baseUrl}${FHIR_BASE_PATH}`;
  const headers = {
    authorization: options.headers.authorization ?? '',
    accept: 'application/fhir+json',
  };
  const rssBeforeMb = procMb(options.pid, 'VmRSS');
  writeFileSync(`/proc/${options.pid}/clear_refs`, '5');
  const started = performance.now();
  const kickOff = await fetch(`${fhir}/Patient/$export`, {
    headers: { ...headers, prefer: 'respond-async' },
  });
  const status = kickOff.headers.get('content-location');
  if (kickOff.status !== 202 || !status) {
    throw new Error(`$export kick-off answered HTTP ${kickOff.status}`);
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const poll = await fetch(status, { headers });
    if (poll.status === 202) continue;
    if (poll.status !== 200) throw new Error(`$export status answered HTTP ${poll.status}`);
    const seconds = (performance.now() - started) / 1000;
    const rssPeakMb = procMb(options.pid, 'VmHWM');
    const manifest = (await poll.json()) as { output: { count: number }[] };
    const id = status.slice(status.lastIndexOf('/') + 1);
    const megabytes = folderMb(path.join(options.dataDir, 'fhir-export', id));
    await fetch(status, { method: 'DELETE', headers });
    return {
      resources: manifest.output.reduce((sum, file) => sum + file.count, 0),
      megabytes,
      seconds,
      rssBeforeMb,
      rssPeakMb,
    };
  }
}
