/** The account feature's queries. */
export const authKeys = {
  sessionPolicy: () => ['session-policy'] as const,
};
