/** The simulation feature's queries. */
export const simulationKeys = {
  all: ['simulation'] as const,
  state: () => [...simulationKeys.all, 'state'] as const,
  enrolment: (participantId: number) =>
    [...simulationKeys.all, 'enrolment', participantId] as const,
};
