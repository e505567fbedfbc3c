/** A participant's nudges (profile-nudges feature). */
export const profileNudgeKeys = {
  participant: (participantId: number) => ['profile-nudges', participantId] as const,
};
