/** The conversations feature's queries. */
export const conversationKeys = {
  participant: (participantId: number) => ['conversations', participantId] as const,
};
