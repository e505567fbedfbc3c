/** The clinicians feature's queries. */
export const clinicianKeys = {
  all: ['clinicians'] as const,
  list: () => [...clinicianKeys.all, 'list'] as const,
};
