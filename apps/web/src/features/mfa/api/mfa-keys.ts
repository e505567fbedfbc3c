/** The two-step sign-in feature's queries. */
export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
  policy: () => [...mfaKeys.all, 'policy'] as const,
};
