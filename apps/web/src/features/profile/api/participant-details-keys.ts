/** The participant-details feature's queries: the profile and the triage status. */
export const participantDetailsKeys = {
  all: ['participant-details'] as const,
  profile: (id: number) => [...participantDetailsKeys.all, 'profile', id] as const,
  triage: (id: number) => [...participantDetailsKeys.all, 'triage', id] as const,
};
