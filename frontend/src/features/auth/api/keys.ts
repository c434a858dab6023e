/** Query keys of the auth feature. The signed-in shopper (and their saved cart) lives under `authKeys.user()`. */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  googleStatus: () => [...authKeys.all, 'google-status'] as const,
};
