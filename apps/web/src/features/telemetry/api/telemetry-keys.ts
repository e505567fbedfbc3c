/** The telemetry feature's queries; all of one participant's start with `participant(id)`. */
export const telemetryKeys = {
  all: ['telemetry'] as const,
  participant: (participantId: number) => [...telemetryKeys.all, participantId] as const,
  trend: (participantId: number, series: string, dateString: string) =>
    [...telemetryKeys.participant(participantId), 'trend', series, dateString] as const,
  weeklyTrend: (participantId: number, dateString: string) =>
    [...telemetryKeys.participant(participantId), 'weekly-trend', dateString] as const,
};
