import { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_CONCERNS } from '@recovery-portal/contract/flags';
import { THRESHOLD_RULES } from '@recovery-portal/contract/thresholds';
import type { Database } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';
import { surgeries } from '#app/db/schema/surgery';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { generateDemoProgramme } from '#app/demo/demo-generator';
import { inspectDicomFile } from '#app/core/imaging/dicom-header';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import { buildDicom, testUid, type TestDicomOptions } from '#app/features/imaging/imaging.fixtures';
import { insertImagingFiles } from '#app/features/imaging/imaging.repository';
import { createTriageScanner } from '#app/features/flags/triage-scanner';

export interface FixtureImage {
  userId: number;
  surgeryId: number;
  dicom: TestDicomOptions;
  /** Stored as before the UIDs were kept: the row has none and is marked unread. */
  legacy?: boolean;
}

/** Stores DICOM files and their rows as an upload would; returns the row ids. */
export async function storeFixtureImages(
  db: Database,
  dataDir: string,
  images: readonly FixtureImage[],
): Promise<number[]> {
  const store = createDicomStore(dataDir);
  const ids: number[] = [];
  for (const image of images) {
    const staged = await store.writeTemp(Readable.from([buildDicom(image.dicom)]));
    await store.promote(staged);
    const inspection = await inspectDicomFile(store.pathFor(staged.sha256), staged.sizeBytes);
    if (inspection.kind !== 'dicom') throw new Error('fixture image is not DICOM');
    const [row] = await insertImagingFiles(db, [
      {
        userId: image.userId,
        surgeryId: image.surgeryId,
        originalName: 'fixture.dcm',
        contentSha256: staged.sha256,
        sizeBytes: staged.sizeBytes,
        metadata: inspection.metadata,
        preview: 'AVAILABLE',
        uploadedBy: null,
      },
    ]);
    if (!row) throw new Error('fixture image not stored');
    if (image.legacy) {
      await db
        .update(imagingFiles)
        .set({
          studyInstanceUid: null,
          seriesInstanceUid: null,
          sopInstanceUid: null,
          sopClassUid: null,
          uidsRead: false,
        })
        .where(eq(imagingFiles.id, row.id));
    }
    ids.push(row.id);
  }
  return ids;
}

/**
 * One study per participant with a surgery: a CT series of two instances and a series whose
 * files carry no modality; the first participant's images are stored as legacy rows.
 */
async function seedImagingStudies(db: Database, dataDir: string, participantIds: number[]) {
  const images: FixtureImage[] = [];
  for (const [index, userId] of participantIds.entries()) {
    const [surgery] = await db
      .select({ id: surgeries.id })
      .from(surgeries)
      .where(eq(surgeries.userId, userId))
      .orderBy(asc(surgeries.id))
      .limit(1);
    if (!surgery) continue;
    const studyInstanceUid = testUid();
    const ct = testUid();
    const other = testUid();
    const legacy = index === 0;
    images.push(
      ...[1, 2].map((instanceNumber) => ({
        userId,
        surgeryId: surgery.id,
        dicom: { studyInstanceUid, seriesInstanceUid: ct, instanceNumber },
        legacy,
      })),
      {
        userId,
        surgeryId: surgery.id,
        dicom: { studyInstanceUid, seriesInstanceUid: other, modality: '', instanceNumber: 1 },
        legacy,
      },
    );
  }
  await storeFixtureImages(db, dataDir, images);
}

/**
 * A small demo programme (the generator the embedded demo seeds with) screened by triage, with
 * one flag acknowledged, and DICOM studies stored under `dataDir`, so every kind of resource
 * the API emits has rows.
 */
export async function seedFhirDemo(
  db: Database,
  dataDir: string,
  participants = 6,
): Promise<number[]> {
  await generateDemoProgramme(db, { now: new Date(), participants });
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'PARTICIPANT'))
    .orderBy(users.id);
  const ids = rows.map((row) => row.id);
  await createTriageScanner({ db, concerns: DEFAULT_CONCERNS }).scanParticipants(ids);
  // Whatever the scan raised on this day's data, one open and one acknowledged flag exist.
  const [first] = ids;
  if (first !== undefined) {
    const detectedAt = new Date(Date.now() - 3_600_000);
    await db.insert(clinicalFlags).values(
      ['open', 'acknowledged'].map((kind) => ({
        userId: first,
        source: 'THRESHOLD' as const,
        severity: 'HIGH' as const,
        rule: THRESHOLD_RULES[0],
        matchedText: `fixture ${kind}`,
        dedupeKey: `fhir-fixture-${kind}`,
        detectedAt,
      })),
    );
  }
  await db.execute(sql`update ${clinicalFlags}
    set status = 'ACKNOWLEDGED', acknowledged_at = now(), acknowledgement_note = 'Called, fine'
    where dedupe_key = 'fhir-fixture-acknowledged'`);
  await seedImagingStudies(db, dataDir, ids);
  return ids;
}
