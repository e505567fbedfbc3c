import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dicomDeleteResponseSchema,
  dicomUploadResponseSchema,
  IMAGING_PATHS,
  imagingFileListSchema,
} from '@recovery-portal/contract/imaging';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import { ConfigError, loadConfig } from '#app/config';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff, createSurgery } from '#app/test/factories';
import { callApi } from '#app/test/participant-fixtures';
import { statementsOf } from '#app/test/statements-of';
import { inspectDicomFile } from '#app/core/imaging/dicom-header';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import {
  buildDicom,
  multipartBody,
  streamedDicom,
  streamedMultipartBody,
  testUid,
  type MultipartPart,
} from './imaging.fixtures';
import { createImagingService } from './imaging.service';
import { auditedReadsOf } from '#app/test/audit-rows';

/** Small enough to test the 413 quickly, large enough to prove uploads stream. */
const MAX_UPLOAD_BYTES = 96 * 1024 * 1024;

let testApp: TestApp;
let clinician: LoggedInStaff;
let store: ReturnType<typeof createDicomStore>;

beforeAll(async () => {
  testApp = await buildTestApp({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
  store = createDicomStore(testApp.config.dataDir);
});
afterAll(async () => {
  await testApp?.close();
  if (testApp) await rm(testApp.config.dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testApp.reset();
  await rm(path.join(testApp.config.dataDir, 'files'), { recursive: true, force: true });
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** A participant with a surgery, ready to receive images. */
async function participantWithSurgery() {
  const participant = await createParticipant(testApp.db);
  const surgery = await createSurgery(testApp.db, participant.id);
  return { userId: participant.id, surgeryId: surgery.id };
}

function upload(parts: readonly MultipartPart[], token: string | null = clinician.access_token) {
  const body = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url: API_PATHS.surgery.dicom,
    headers: {
      ...(token ? authHeaders(token) : { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' }),
      ...body.headers,
    },
    payload: body.payload,
  });
}

function fields(target: { userId: number; surgeryId: number }): MultipartPart[] {
  return [
    { name: 'user_id', value: String(target.userId) },
    { name: 'surgery_id', value: String(target.surgeryId) },
  ];
}

const dicomPart = (filename: string, content: Buffer): MultipartPart => ({
  name: 'files',
  filename,
  content,
});

const listImages = (
  target: { userId: number; surgeryId: number },
  token = clinician.access_token,
) =>
  callApi(
    testApp,
    'GET',
    `${API_PATHS.surgery.dicomList}?user_id=${target.userId}&surgery_id=${target.surgeryId}`,
    token,
  );

const deleteImage = (id: number, token: string | null = clinician.access_token) =>
  callApi(testApp, 'DELETE', `${API_PATHS.surgery.dicom}?image_id=${id}`, token);

describe('DICOM upload', () => {
  it('clinician uploads a DICOM file and sees the metadata read from its header', async () => {
    const target = await participantWithSurgery();
    const uids = {
      studyInstanceUid: testUid(),
      seriesInstanceUid: testUid(),
      sopInstanceUid: testUid(),
    };
    const bytes = buildDicom({
      ...uids,
      modality: 'MR',
      studyDate: '20250302',
      studyDescription: 'Knee MRI',
      seriesDescription: 'Sagittal PD FS',
      rows: 6,
      columns: 5,
      instanceNumber: 12,
    });
    const { files } = successData(
      await upload([...fields(target), dicomPart('knee-mri.dcm', bytes)]),
      dicomUploadResponseSchema,
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      user_id: target.userId,
      surgery_id: target.surgeryId,
      original_name: 'knee-mri.dcm',
      content_sha256: sha256(bytes),
      size_bytes: bytes.length,
      modality: 'MR',
      study_date: '2025-03-02',
      study_description: 'Knee MRI',
      series_description: 'Sagittal PD FS',
      rows: 6,
      columns: 5,
      instance_number: 12,
      uploaded_by: clinician.user.id,
    });

    const listed = successData(await listImages(target), imagingFileListSchema);
    expect(listed).toEqual(files);
    // The UIDs are kept for the FHIR ImagingStudy.
    const [row] = await testApp.db
      .select()
      .from(imagingFiles)
      .where(eq(imagingFiles.id, files[0]?.id ?? 0));
    expect(row).toMatchObject({
      ...uids,
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      uidsRead: true,
    });

    // The bytes are in the content-addressed store, and nothing is left in tmp/.
    expect(await readFile(store.pathFor(sha256(bytes)))).toEqual(bytes);
    expect(await filesUnder(store.tmpDir)).toEqual([]);

    const download = await callApi(
      testApp,
      'GET',
      `${IMAGING_PATHS.file}?image_id=${files[0]?.id}`,
      clinician.access_token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/dicom');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="knee-mri.dcm"; filename*=UTF-8''knee-mri.dcm`,
    );
    expect(download.rawPayload).toEqual(bytes);
  });

  it('several files in one upload are stored in the order sent; identical bytes are stored once', async () => {
    const target = await participantWithSurgery();
    const first = buildDicom({ instanceNumber: 1 });
    const second = buildDicom({ instanceNumber: 2, modality: 'CR' });
    const { files } = successData(
      await upload([
        ...fields(target),
        dicomPart('one.dcm', first),
        dicomPart('two.dcm', second),
        dicomPart('one-again.dcm', first),
      ]),
      dicomUploadResponseSchema,
    );
    expect(files.map((f) => [f.original_name, f.instance_number, f.modality])).toEqual([
      ['one.dcm', 1, 'CT'],
      ['two.dcm', 2, 'CR'],
      ['one-again.dcm', 1, 'CT'],
    ]);
    expect(await filesUnder(store.dicomDir)).toHaveLength(2);
  });

  it('uploading the same bytes twice shares one stored file; deleting one image keeps it for the other', async () => {
    const target = await participantWithSurgery();
    const other = await participantWithSurgery();
    const bytes = buildDicom();
    const [a] = successData(
      await upload([...fields(target), dicomPart('a.dcm', bytes)]),
      dicomUploadResponseSchema,
    ).files;
    const [b] = successData(
      await upload([...fields(other), dicomPart('b.dcm', bytes)]),
      dicomUploadResponseSchema,
    ).files;
    expect(a?.content_sha256).toBe(b?.content_sha256);
    expect(await filesUnder(store.dicomDir)).toEqual([sha256(bytes)]);

    const removedA = successData(await deleteImage(a?.id ?? 0), dicomDeleteResponseSchema);
    expect(removedA).toEqual({ message: 'Image deleted.', id: a?.id, file_removed: false });
    expect(existsSync(store.pathFor(sha256(bytes)))).toBe(true);
    expect(successData(await listImages(target), imagingFileListSchema)).toEqual([]);

    const removedB = successData(await deleteImage(b?.id ?? 0), dicomDeleteResponseSchema);
    expect(removedB.file_removed).toBe(true);
    expect(existsSync(store.pathFor(sha256(bytes)))).toBe(false);
    expect(await testApp.db.select().from(imagingFiles)).toEqual([]);

    failure(await deleteImage(b?.id ?? 0), 404, 'NOT_FOUND');
  });

  it('a file that is not DICOM is refused with 415 naming it, and nothing of the upload is kept', async () => {
    const target = await participantWithSurgery();
    const response = await upload([
      ...fields(target),
      dicomPart('good.dcm', buildDicom()),
      dicomPart('notes.dcm', Buffer.from('Just some text that is long enough. '.repeat(10))),
    ]);
    const envelope = failure(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(envelope._error).toBe(
      '"notes.dcm" is not a DICOM file: it has no DICM marker after the 128-byte preamble.',
    );
    expect(response.headers.connection).toBe('close');
    expect(await testApp.db.select().from(imagingFiles)).toEqual([]);
    expect(await filesUnder(store.dicomDir)).toEqual([]);
    expect(await filesUnder(store.tmpDir)).toEqual([]);

    // Shorter than a preamble.
    const tiny = failure(
      await upload([...fields(target), dicomPart('tiny.dcm', Buffer.from('DICM'))]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(tiny._error).toContain('"tiny.dcm"');
  });

  it('keeps no UID that is not one (letters, over 64 characters, leading zeros)', async () => {
    for (const bad of ['1.2.abc', `1.${'2'.repeat(64)}`, '1.02.3', '1..2']) {
      // Written as UT: dcmjs itself refuses to write an over-long UI.
      const extraElements = { '0020000D': { vr: 'UT', Value: [bad] } };
      const file = await store.writeTemp(
        Readable.from([buildDicom({ seriesInstanceUid: '1.2.3', extraElements })]),
      );
      const inspection = await inspectDicomFile(file.tmpPath, file.sizeBytes);
      await store.discard(file.tmpPath);
      expect(inspection.kind === 'dicom' && inspection.metadata.studyInstanceUid, bad).toBeNull();
      expect(inspection.kind === 'dicom' && inspection.metadata.seriesInstanceUid).toBe('1.2.3');
    }
  });

  it('a file with the DICM marker but an unreadable header is refused with 422 naming it', async () => {
    const target = await participantWithSurgery();
    const broken = Buffer.alloc(600, 0xff);
    broken.write('DICM', 128, 'latin1');
    const envelope = failure(
      await upload([...fields(target), dicomPart('broken.dcm', broken)]),
      422,
      'UNPROCESSABLE',
    );
    expect(envelope._error).toBe(
      '"broken.dcm" has a DICOM marker but its header could not be read.',
    );
    expect(await filesUnder(store.tmpDir)).toEqual([]);
  });

  it('a file over MAX_UPLOAD_BYTES is refused with 413 naming it, without buffering it', async () => {
    const target = await participantWithSurgery();
    const { stream } = streamedDicom(MAX_UPLOAD_BYTES + 1024 * 1024);
    const body = streamedMultipartBody(
      fields(target).filter((p): p is { name: string; value: string } => 'value' in p),
      { name: 'files', filename: 'huge.dcm', stream },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.surgery.dicom,
      headers: { ...authHeaders(clinician.access_token), ...body.headers },
      payload: body.payload,
    });
    const envelope = failure(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(envelope._error).toBe('"huge.dcm" is larger than the upload limit of 96 MiB.');
    expect(await filesUnder(store.tmpDir)).toEqual([]);
    expect(await filesUnder(store.dicomDir)).toEqual([]);
  });

  it('a large upload streams to disk: memory stays flat and the stored file is complete', async () => {
    const target = await participantWithSurgery();
    const { stream, size } = streamedDicom(80 * 1024 * 1024);
    const hash = createHash('sha256');
    const hashed = Readable.from(
      (async function* () {
        for await (const chunk of stream) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      })(),
    );
    const body = streamedMultipartBody(
      fields(target).filter((p): p is { name: string; value: string } => 'value' in p),
      { name: 'files', filename: 'large.dcm', stream: hashed },
    );
    const used = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, used());
    }, 5);
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.surgery.dicom,
      headers: { ...authHeaders(clinician.access_token), ...body.headers },
      payload: body.payload,
    });
    clearInterval(sampler);
    const [file] = successData(response, dicomUploadResponseSchema).files;
    expect(file).toMatchObject({ size_bytes: size, rows: 512, columns: 512, modality: 'CT' });
    expect(file?.content_sha256).toBe(hash.digest('hex'));
    // Buffering the upload would add at least its 80 MiB; streaming stays far below that.
    expect(peak - baseline).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses uploads for the wrong participant or surgery, and malformed forms, with sentences', async () => {
    const target = await participantWithSurgery();
    const other = await participantWithSurgery();
    const file = dicomPart('scan.dcm', buildDicom());

    // Someone else's surgery.
    const mismatch = failure(
      await upload([...fields({ userId: target.userId, surgeryId: other.surgeryId }), file]),
      404,
      'NOT_FOUND',
    );
    expect(mismatch._error).toBe(
      `There is no surgery ${other.surgeryId} for participant ${target.userId}.`,
    );
    failure(
      await upload([...fields({ userId: 987_654, surgeryId: target.surgeryId }), file]),
      404,
      'NOT_FOUND',
    );
    const staff = await createStaff(testApp.db);
    failure(
      await upload([...fields({ userId: staff.id, surgeryId: target.surgeryId }), file]),
      404,
      'NOT_FOUND',
    );

    const badId = failure(
      await upload([
        { name: 'user_id', value: 'abc' },
        { name: 'surgery_id', value: String(target.surgeryId) },
        file,
      ]),
      400,
      'VALIDATION_ERROR',
    );
    expect(badId._error).toBe('user_id must be a participant id.');
    const late = failure(await upload([file, ...fields(target)]), 400, 'VALIDATION_ERROR');
    expect(late._error).toBe('Send the user_id and surgery_id fields before the files.');
    const none = failure(await upload(fields(target)), 400, 'VALIDATION_ERROR');
    expect(none._error).toBe('Choose at least one DICOM file to upload.');
    const extra = failure(
      await upload([{ name: 'note', value: 'x' }, ...fields(target), file]),
      400,
      'VALIDATION_ERROR',
    );
    expect(extra._error).toContain('"note"');

    // Not multipart at all.
    const json = await callApi(testApp, 'POST', API_PATHS.surgery.dicom, clinician.access_token, {
      user_id: target.userId,
    });
    failure(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const text = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.surgery.dicom,
      headers: { ...authHeaders(clinician.access_token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    failure(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await testApp.db.select().from(imagingFiles)).toEqual([]);
    expect(await filesUnder(store.tmpDir)).toEqual([]);
  });

  it('multipart bodies are refused by every other route', async () => {
    const participant = await createParticipant(testApp.db);
    const body = multipartBody([{ name: 'user_id', value: String(participant.id) }]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.pain.lastN,
      headers: { ...authHeaders(clinician.access_token), ...body.headers },
      payload: body.payload,
    });
    failure(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('only clinicians may upload, list, download or delete images', async () => {
    const target = await participantWithSurgery();
    const [image] = successData(
      await upload([...fields(target), dicomPart('scan.dcm', buildDicom())]),
      dicomUploadResponseSchema,
    ).files;
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const file = dicomPart('scan.dcm', buildDicom());
    failure(await upload([...fields(target), file], admin.access_token), 403, 'FORBIDDEN');
    failure(await upload([...fields(target), file], null), 401, 'UNAUTHENTICATED');
    failure(await listImages(target, admin.access_token), 403, 'FORBIDDEN');
    const download = `${IMAGING_PATHS.file}?image_id=${image?.id}`;
    failure(await callApi(testApp, 'GET', download, admin.access_token), 403, 'FORBIDDEN');
    failure(await callApi(testApp, 'GET', download, null), 401, 'UNAUTHENTICATED');
    failure(await deleteImage(image?.id ?? 0, admin.access_token), 403, 'FORBIDDEN');
    failure(await deleteImage(image?.id ?? 0, null), 401, 'UNAUTHENTICATED');
    expect(successData(await listImages(target), imagingFileListSchema)).toHaveLength(1);
  });

  it('list, download and delete answer 400 for bad ids and 404 for unknown ones', async () => {
    const target = await participantWithSurgery();
    failure(
      await callApi(
        testApp,
        'GET',
        `${API_PATHS.surgery.dicomList}?user_id=${target.userId}`,
        clinician.access_token,
      ),
      400,
      'VALIDATION_ERROR',
    );
    failure(await listImages({ userId: target.userId, surgeryId: 999_999 }), 404, 'NOT_FOUND');
    failure(await deleteImage(0), 400, 'VALIDATION_ERROR');
    failure(await deleteImage(999_999), 404, 'NOT_FOUND');
    failure(
      await callApi(
        testApp,
        'GET',
        `${IMAGING_PATHS.file}?image_id=999999`,
        clinician.access_token,
      ),
      404,
      'NOT_FOUND',
    );
  });

  it('records every imaging call in the audit log', async () => {
    const target = await participantWithSurgery();
    const [image] = successData(
      await upload([...fields(target), dicomPart('scan.dcm', buildDicom())]),
      dicomUploadResponseSchema,
    ).files;
    await listImages(target);
    await callApi(
      testApp,
      'GET',
      `${IMAGING_PATHS.file}?image_id=${image?.id}`,
      clinician.access_token,
    );
    await deleteImage(image?.id ?? 0);
    const rows = await testApp.db
      .select({ action: auditLog.action, subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, clinician.email));
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'participant.imaging.upload',
        'participant.imaging.list',
        'participant.imaging.download',
        'participant.imaging.delete',
      ]),
    );
    expect(
      new Set(
        rows.filter((r) => r.action.startsWith('participant.imaging')).map((r) => r.subjectId),
      ),
    ).toEqual(new Set([target.userId]));
  });
});

describe('DICOM list: two round trips', () => {
  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  it('sends the session check, then one statement that reads the images and writes the audit row', async () => {
    const target = await participantWithSurgery();
    for (const name of ['older.dcm', 'newer.dcm']) {
      await upload([...fields(target), dicomPart(name, buildDicom({ sopInstanceUid: testUid() }))]);
    }
    let response = await listImages(target);
    const sent = await statementsOf(testApp, async () => {
      response = await listImages(target);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const files = successData(response, imagingFileListSchema);
    expect(files.map((file) => file.original_name)).toEqual(['newer.dcm', 'older.dcm']);
    expect(files.every((file) => file.preview === 'AVAILABLE')).toBe(true);
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.imaging.list',
        subjectType: 'participant',
        subjectId: target.userId,
        details: { surgery_id: target.surgeryId },
      },
    ]);
  });

  it('a surgery with no images answers an empty list, audited', async () => {
    const target = await participantWithSurgery();
    const response = await listImages(target);
    expect(successData(response, imagingFileListSchema)).toEqual([]);
    expect((await readsOf(response)).map((row) => row.action)).toEqual([
      'participant.imaging.list',
    ]);
  });

  it('another participant’s surgery, an unknown participant and a staff id are 404s with no read audited', async () => {
    const target = await participantWithSurgery();
    const other = await participantWithSurgery();
    const staff = await createStaff(testApp.db);
    const refused = [
      {
        target: { userId: target.userId, surgeryId: other.surgeryId },
        message: SURGERY_MESSAGES.notFound(other.surgeryId, target.userId),
      },
      {
        target: { userId: 987_654, surgeryId: target.surgeryId },
        message: PARTICIPANT_ERRORS.notFound(987_654),
      },
      {
        target: { userId: staff.id, surgeryId: target.surgeryId },
        message: PARTICIPANT_ERRORS.notFound(staff.id),
      },
    ];
    for (const { target: asked, message } of refused) {
      const response = await listImages(asked);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(message);
      expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});

describe('file store crash safety', () => {
  it('a failure between the temporary file and the store leaves no row, no stored file and no temporary file', async () => {
    const target = await participantWithSurgery();
    const bytes = buildDicom();
    // A plain file where the hash's shard folder belongs makes the rename fail (like a full disk).
    const shard = path.join(store.dicomDir, sha256(bytes).slice(0, 2));
    await mkdir(store.dicomDir, { recursive: true });
    await writeFile(shard, 'in the way');
    const response = await upload([...fields(target), dicomPart('scan.dcm', bytes)]);
    failure(response, 500, 'INTERNAL_ERROR');
    expect(await testApp.db.select().from(imagingFiles)).toEqual([]);
    expect(await filesUnder(store.tmpDir)).toEqual([]);
    expect(existsSync(store.pathFor(sha256(bytes)))).toBe(false);
  });

  it('a failing insert removes the file it stored, but keeps one another image uses', async () => {
    const target = await participantWithSurgery();
    const service = createImagingService({
      db: testApp.db,
      store,
      maxUploadBytes: MAX_UPLOAD_BYTES,
    });
    async function stage(bytes: Buffer) {
      const file = await store.writeTemp(Readable.from([bytes]));
      const inspection = await inspectDicomFile(file.tmpPath, file.sizeBytes);
      if (inspection.kind !== 'dicom') throw new Error('test file is not DICOM');
      return {
        originalName: 'scan.dcm',
        file,
        metadata: inspection.metadata,
        preview: 'AVAILABLE' as const,
      };
    }
    // A surgery that does not exist: the insert breaks its foreign key after the rename.
    const ghost = { user_id: target.userId, surgery_id: 2_000_000_000 };
    const bytes = buildDicom();
    const staged = await stage(bytes);
    await expect(service.storeUploads(ghost, [staged], null)).rejects.toThrow();
    expect(existsSync(store.pathFor(sha256(bytes)))).toBe(false);
    await store.discard(staged.file.tmpPath);

    // The same bytes already belong to a stored image: the failed insert must not remove them.
    const real = { user_id: target.userId, surgery_id: target.surgeryId };
    await service.storeUploads(real, [await stage(bytes)], null);
    await expect(service.storeUploads(ghost, [await stage(bytes)], null)).rejects.toThrow();
    expect(await readFile(store.pathFor(sha256(bytes)))).toEqual(bytes);
    expect(await testApp.db.select().from(imagingFiles)).toHaveLength(1);
    expect(await filesUnder(store.tmpDir)).toEqual([]);
  });

  it('the sweep removes temporary files a crash left behind and stored files no image uses', async () => {
    const target = await participantWithSurgery();
    const kept = buildDicom();
    successData(
      await upload([...fields(target), dicomPart('kept.dcm', kept)]),
      dicomUploadResponseSchema,
    );
    // A crash after the rename but before the row: a stored file nobody lists.
    const orphan = buildDicom();
    const staged = await store.writeTemp(Readable.from([orphan]));
    await store.promote(staged);
    // A crash mid-upload: an old temporary file, and a fresh one still being written.
    const old = path.join(store.tmpDir, 'old.part');
    const fresh = path.join(store.tmpDir, 'fresh.part');
    await writeFile(old, 'half a file');
    await writeFile(fresh, 'being written');
    // File times come from the operating system's clock, not the tests' pinned one: set both.
    const yesterday = new Date(Date.now() - 25 * 3_600_000);
    await utimes(old, yesterday, yesterday);
    await utimes(fresh, new Date(), new Date());

    const service = createImagingService({
      db: testApp.db,
      store,
      maxUploadBytes: MAX_UPLOAD_BYTES,
    });
    expect(await service.sweep(24 * 3_600_000)).toEqual({
      temporary: 1,
      orphans: 1,
      previews: 0,
    });
    expect(await filesUnder(store.tmpDir)).toEqual(['fresh.part']);
    expect(await filesUnder(store.dicomDir)).toEqual([sha256(kept)]);
  });
});

describe('MAX_UPLOAD_BYTES', () => {
  it('defaults to 512 MiB and must be a positive whole number', () => {
    expect(loadConfig({}).maxUploadBytes).toBe(536_870_912);
    expect(loadConfig({ MAX_UPLOAD_BYTES: '1024' }).maxUploadBytes).toBe(1024);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: 'lots' })).toThrow(/MAX_UPLOAD_BYTES/);
  });
});
