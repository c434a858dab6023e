/** Query keys of the catalogue import: the progress of each import. */
export const catalogueImportKeys = {
  all: ['catalogue-import'] as const,
  progress: (importId: string) => [...catalogueImportKeys.all, 'progress', importId] as const,
};
