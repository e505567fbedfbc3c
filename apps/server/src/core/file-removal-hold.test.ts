import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';
import { createParticipant, createSurgery } from '#app/test/factories';
import { createDicomStore } from './imaging/dicom-store';
import { createImagingService } from '#app/features/imaging/imaging.service';
import { createServerData, postgresAdminUrl } from '#app/test/resilience/test-database';
import { fileRemovalAllowed, holdFileRemovals } from './file-removal-hold';
import { openMigratedPglite } from '#app/test/migrated-pglite';

let root = '';
let database: DatabaseHandle;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rp-removal-hold-'));
  database = await openMigratedPglite();
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('stored files while a backup runs', () => {
  it('an image deleted during a backup keeps its file until the next sweep', async () => {
    const store = createDicomStore(root);
    const imaging = createImagingService({ db: database.db, store, maxUploadBytes: 1 << 20 });
    const participant = await createParticipant(database.db);
    const surgery = await createSurgery(database.db, participant.id);
    const staged = await store.writeTemp(Readable.from([randomBytes(64)]));
    await store.promote(staged);
    const [row] = await database.db
      .insert(imagingFiles)
      .values({
        userId: participant.id,
        surgeryId: surgery.id,
        originalName: 'held.dcm',
        contentSha256: staged.sha256,
        sizeBytes: staged.sizeBytes,
      })
      .returning();
    const release = await holdFileRemovals(database.driver);
    const removed = await imaging.remove(row?.id ?? 0);
    expect(removed.fileRemoved).toBe(false);
    expect((await stat(store.pathFor(staged.sha256))).size).toBe(64);
    expect((await imaging.sweep(60_000)).orphans).toBe(0);
    await release();
    expect((await imaging.sweep(60_000)).orphans).toBe(1);
    await expect(stat(store.pathFor(staged.sha256))).rejects.toThrow();
  });
});

describe.skipIf(!postgresAdminUrl)(
  'stored files while a backup runs elsewhere (PostgreSQL)',
  () => {
    it('another server process leaves files in place until the backup releases its lock', async () => {
      const data = await createServerData('postgres');
      const handle = await data.open();
      try {
        expect(await handle.db.transaction((tx) => fileRemovalAllowed(tx))).toBe(true);
        // The backup holds its lock on a connection of its own, as another process would.
        const release = await holdFileRemovals(handle.driver);
        const allowedDuring = await handle.db.transaction((tx) => fileRemovalAllowed(tx));
        await release();
        expect(allowedDuring).toBe(false);
        expect(await handle.db.transaction((tx) => fileRemovalAllowed(tx))).toBe(true);
      } finally {
        await handle.close();
        await data.remove();
      }
    });
  },
);
