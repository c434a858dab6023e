/** Query keys of the push feature. */
export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};
