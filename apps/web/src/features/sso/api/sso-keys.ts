/** The single sign-on feature's queries. */
export const ssoKeys = {
  signInOptions: () => ['sign-in-options'] as const,
};
