/** The pain feature's queries, per participant, so a new report refreshes all of theirs. */
export const painKeys = {
  all: ['pain'] as const,
  participant: (participantId: number) => [...painKeys.all, participantId] as const,
  lastN: (participantId: number, n: number) =>
    [...painKeys.participant(participantId), 'last-n', n] as const,
};
