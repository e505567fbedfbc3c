import { and, asc, count, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';

/**
 * A study is the images of one participant with one Study Instance UID; its key is the lowest
 * row id among them. Only images with all four UIDs belong to one (FHIR requires each).
 */
export const studyKey = sql<number>`min(${imagingFiles.id})`;
/** The first study date among the images (ImagingStudy.started). */
export const studyStarted = sql<string | null>`min(${imagingFiles.studyDate})`;
/** The latest upload into the study. */
export const studyLastUpdated = sql<Date>`max(${imagingFiles.uploadedAt})`;

const complete = and(
  isNotNull(imagingFiles.studyInstanceUid),
  isNotNull(imagingFiles.seriesInstanceUid),
  isNotNull(imagingFiles.sopInstanceUid),
  isNotNull(imagingFiles.sopClassUid),
);

/** The groups of images; `having` holds the search's conditions over the group. */
function studyGroups(db: Database, having: SQL | undefined) {
  return db
    .select({
      key: studyKey.mapWith(Number).as('key'),
      userId: imagingFiles.userId,
      studyUid: sql<string>`${imagingFiles.studyInstanceUid}`.as('study_uid'),
      started: studyStarted.mapWith(imagingFiles.studyDate).as('started'),
      lastUpdated: studyLastUpdated.mapWith(imagingFiles.uploadedAt).as('last_updated'),
    })
    .from(imagingFiles)
    .where(complete)
    .groupBy(imagingFiles.userId, imagingFiles.studyInstanceUid)
    .having(having);
}

async function imagesOf(db: Database, groups: readonly { userId: number; studyUid: string }[]) {
  if (groups.length === 0) return [];
  return db
    .select({
      userId: imagingFiles.userId,
      studyUid: sql<string>`${imagingFiles.studyInstanceUid}`,
      seriesUid: sql<string>`${imagingFiles.seriesInstanceUid}`,
      sopInstanceUid: sql<string>`${imagingFiles.sopInstanceUid}`,
      sopClassUid: sql<string>`${imagingFiles.sopClassUid}`,
      surgeryId: imagingFiles.surgeryId,
      modality: imagingFiles.modality,
      studyDescription: imagingFiles.studyDescription,
      seriesDescription: imagingFiles.seriesDescription,
      instanceNumber: imagingFiles.instanceNumber,
      id: imagingFiles.id,
    })
    .from(imagingFiles)
    .where(
      and(
        complete,
        inArray(imagingFiles.userId, [...new Set(groups.map((group) => group.userId))]),
        inArray(imagingFiles.studyInstanceUid, [...new Set(groups.map((group) => group.studyUid))]),
      ),
    )
    .orderBy(asc(imagingFiles.id));
}
export type StudyImage = Awaited<ReturnType<typeof imagesOf>>[number];

/** Studies by key (ImagingStudy), each with its images in upload order. */
export async function pageImagingStudies(
  db: Database,
  having: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  const groups = await studyGroups(
    db,
    and(having, afterKey === null ? undefined : sql`${studyKey} > ${afterKey}`),
  )
    .orderBy(studyKey)
    .limit(limit);
  const images = await imagesOf(db, groups);
  return groups.map((group) => ({
    ...group,
    images: images.filter(
      (image) => image.userId === group.userId && image.studyUid === group.studyUid,
    ),
  }));
}
export type ImagingStudyRow = Awaited<ReturnType<typeof pageImagingStudies>>[number];

export async function countImagingStudies(db: Database, having: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(studyGroups(db, having).as('studies'));
  return row?.n ?? 0;
}
