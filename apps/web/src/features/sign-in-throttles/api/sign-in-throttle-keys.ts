/** The sign-in throttles feature's queries. */
export const signInThrottleKeys = {
  all: ['sign-in-throttles'] as const,
};
