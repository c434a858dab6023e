/** What the server takes in one import (issue 38): it checks them again and says so when a file is over. */
import { MAX_IMPORT_CSV_MB, MAX_IMPORT_ROWS, MAX_IMPORT_ZIP_MB } from '@greencart/domain';

export { MAX_IMPORT_ROWS, MAX_IMPORT_ZIP_MB };
export const MAX_IMPORT_FILE_MB = MAX_IMPORT_CSV_MB;

const MB = 1024 * 1024;

/** Why a picked file cannot be the catalogue, or undefined when it can be sent. */
export function catalogueFileProblem(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!/\.csv$/i.test(file.name)) return `${file.name} is not a CSV file: save the spreadsheet as CSV (.csv) first`;
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > MAX_IMPORT_FILE_MB * MB) return `${file.name} is larger than ${MAX_IMPORT_FILE_MB} MB: split it into smaller files`;
  return undefined;
}

/** Why a picked file cannot be the pictures' zip, or undefined when it can be sent. */
export function picturesZipProblem(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!/\.zip$/i.test(file.name)) return `${file.name} is not a .zip file`;
  if (file.size > MAX_IMPORT_ZIP_MB * MB) return `${file.name} is larger than ${MAX_IMPORT_ZIP_MB} MB`;
  return undefined;
}
