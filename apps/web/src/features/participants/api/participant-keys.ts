/** The participants feature's own queries; its list's keys are shared (lib/query-keys.ts). */
export const participantKeys = {
  userGroups: () => ['user-groups'] as const,
};
