/** The staff-sessions feature's queries. */
export const staffSessionKeys = {
  all: ['staff-sessions'] as const,
  list: (userId: number) => [...staffSessionKeys.all, 'list', userId] as const,
};
