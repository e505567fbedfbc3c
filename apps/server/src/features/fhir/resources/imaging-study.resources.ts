import type { ImagingStudy, ImagingStudySeries } from '@medplum/fhirtypes';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';
import type { UidBackfill } from '#app/core/imaging/imaging-uids';
import { DICOM_DCM, DICOM_UID, OTHER_MODALITY, URI } from './codes';
import {
  SERIAL_MAX_KEY,
  allOf,
  dayConditions,
  instantConditions,
  keysOf,
  type FhirSource,
} from './fhir-source';
import {
  countImagingStudies,
  pageImagingStudies,
  studyKey,
  studyLastUpdated,
  studyStarted,
  type ImagingStudyRow,
  type StudyImage,
} from './imaging-studies.repository';
import type { ParsedSearch } from '#app/features/fhir/search/search-params';

const OID_PREFIX = 'urn:oid:';

/** identifier=[urn:dicom:uid|]urn:oid:<Study Instance UID>; other systems match nothing. */
function studyUidCondition(search: ParsedSearch): SQL | undefined | null {
  if (!search.identifier) return undefined;
  const uids = search.identifier
    .filter((token) => !token.system || token.system === DICOM_UID)
    .filter((token) => token.code.startsWith(OID_PREFIX))
    .map((token) => token.code.slice(OID_PREFIX.length));
  return uids.length ? inArray(imagingFiles.studyInstanceUid, uids) : null;
}

const modalityCoding = (modality: string | null) => ({
  system: DICOM_DCM,
  // Modality (0008,0060) is required by DICOM but not every file carries it: 'OT' is DICOM's
  // defined term for "Other" (PS3.3 C.7.3.1.1.1).
  code: modality ?? OTHER_MODALITY,
});

/** The images as series in order of their first upload; a SOP instance uploaded twice counts once. */
function seriesOf(images: readonly StudyImage[]): ImagingStudySeries[] {
  const series = new Map<string, { first: StudyImage; instances: Map<string, StudyImage> }>();
  for (const image of images) {
    const entry = series.get(image.seriesUid) ?? { first: image, instances: new Map() };
    if (!entry.instances.has(image.sopInstanceUid))
      entry.instances.set(image.sopInstanceUid, image);
    series.set(image.seriesUid, entry);
  }
  return [...series.entries()].map(([uid, { first, instances }]) => ({
    uid,
    modality: modalityCoding(first.modality),
    ...(first.seriesDescription ? { description: first.seriesDescription } : {}),
    numberOfInstances: instances.size,
    instance: [...instances.values()]
      .sort((a, b) => (a.instanceNumber ?? 0) - (b.instanceNumber ?? 0) || a.id - b.id)
      .map((image) => ({
        uid: image.sopInstanceUid,
        sopClass: { system: URI, code: `${OID_PREFIX}${image.sopClassUid}` },
        ...(image.instanceNumber !== null && image.instanceNumber >= 0
          ? { number: image.instanceNumber }
          : {}),
      })),
  }));
}

/**
 * Uploaded DICOM images as ImagingStudies: one per participant and Study Instance UID, with its
 * series and instances. Its id is the lowest image id of the study, so it lasts as long as that
 * image does. Images stored before the UIDs were kept get them from their files first.
 */
export function imagingStudySource(
  db: Database,
  uids: Pick<UidBackfill, 'fill'>,
): FhirSource<ImagingStudyRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search) {
      const keys = keysOf(search, '', SERIAL_MAX_KEY);
      return allOf([
        keys === null ? undefined : keys.length ? sql`${studyKey} in ${keys}` : null,
        search.patients === undefined
          ? undefined
          : search.patients.length
            ? inArray(imagingFiles.userId, search.patients)
            : null,
        studyUidCondition(search),
        ...dayConditions(studyStarted, search.date),
        ...instantConditions(studyLastUpdated, search.lastUpdated),
      ]);
    },
    async page(where, afterKey, limit) {
      await uids.fill();
      return pageImagingStudies(db, where, afterKey, limit);
    },
    async count(where) {
      await uids.fill();
      return countImagingStudies(db, where);
    },
    keyIs: (key) => sql`${studyKey} = ${key}`,
    key: (row) => row.key,
    participant: (row) => row.userId,
    toResource(row): ImagingStudy {
      const series = seriesOf(row.images);
      const modalities = [...new Set(series.map((s) => s.modality.code ?? OTHER_MODALITY))];
      const surgeries = [...new Set(row.images.map((image) => image.surgeryId))];
      const description = row.images.find((image) => image.studyDescription)?.studyDescription;
      return {
        resourceType: 'ImagingStudy',
        id: String(row.key),
        meta: { lastUpdated: row.lastUpdated.toISOString() },
        identifier: [{ system: DICOM_UID, value: `${OID_PREFIX}${row.studyUid}` }],
        status: 'available',
        modality: modalities.map((code) => ({ system: DICOM_DCM, code })),
        subject: { reference: `Patient/${row.userId}` },
        ...(row.started ? { started: row.started } : {}),
        // Each image is filed under one surgery: the study is that Procedure's when all agree.
        ...(surgeries.length === 1
          ? { procedureReference: { reference: `Procedure/${surgeries[0]}` } }
          : {}),
        numberOfSeries: series.length,
        numberOfInstances: series.reduce((sum, s) => sum + (s.numberOfInstances ?? 0), 0),
        ...(description ? { description } : {}),
        series,
      };
    },
  };
}
