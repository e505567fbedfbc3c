/** The imaging feature's queries (the surgeries it files images under: lib/api/surgeries.ts). */
export const imagingKeys = {
  all: ['imaging'] as const,
  list: (participantId: number, surgeryId: number) =>
    [...imagingKeys.all, 'list', participantId, surgeryId] as const,
  preview: (imageId: number) => [...imagingKeys.all, 'preview', imageId] as const,
};
