/** The digital twin feature's queries, per participant. */
export const digitalTwinKeys = {
  participant: (participantId: number) => ['digital-twin', participantId] as const,
  markerSegmentLive: (participantId: number, dateString: string) =>
    [...digitalTwinKeys.participant(participantId), 'marker-segment-live', dateString] as const,
};
