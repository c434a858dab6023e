/** Query keys of the auth feature. Who this browser is (shopper with their saved cart, seller flag) lives under `authKeys.session()`. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  googleStatus: () => [...authKeys.all, 'google-status'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
};
