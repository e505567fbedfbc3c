import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Sends a CSV export as a download named `<fileName>` (built by the contract from today's UTC
 * date), never cached: exports carry participant data.
 */
export function sendCsvDownload(
  reply: FastifyReply,
  fileNameFor: (day: string) => string,
  csv: Readable,
) {
  const fileName = fileNameFor(todayIso());
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
