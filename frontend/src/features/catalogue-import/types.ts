/** The catalogue import's answers (issue 38): the API's types from @greencart/domain, under the names the screens use. */
import type { ImportCheckResponse, ImportProgressResponse, ImportStartedResponse } from '@greencart/domain';

export type { ImportRowError, ImportState } from '@greencart/domain';
export type ImportCheck = ImportCheckResponse;
export type ImportStarted = ImportStartedResponse;
export type ImportProgress = ImportProgressResponse;

/** The CSV and, optionally, the .zip of pictures its `images` column names. */
export interface ImportFiles {
  file: File;
  images?: File | null;
}
