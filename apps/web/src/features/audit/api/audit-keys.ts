/** The audit log's queries. */
export const auditKeys = {
  all: ['audit'] as const,
  list: <R>(request: R) => [...auditKeys.all, 'list', request] as const,
};
