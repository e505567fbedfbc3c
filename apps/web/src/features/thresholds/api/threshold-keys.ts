/** The thresholds feature's queries. */
export const thresholdKeys = {
  participant: (participantId: number) => ['thresholds', participantId] as const,
};
