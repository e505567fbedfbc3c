/** The imaging feature's queries (its surgery choices share the surgeries' key, lib/query-keys.ts). */
export const imagingKeys = {
  all: ['imaging'] as const,
  list: (participantId: number, surgeryId: number) =>
    [...imagingKeys.all, 'list', participantId, surgeryId] as const,
  preview: (imageId: number) => [...imagingKeys.all, 'preview', imageId] as const,
};
