import { parse } from 'csv-parse/sync';
import { CATALOGUE_CSV_COLUMNS, MAX_IMPORT_ROWS, type CatalogueCsvColumn, type ImportRowError } from '@greencart/domain';

/** One record of the file under its header: `line` is the file's line where it starts (the header is line 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** The file read: which cell of a row holds each column the header names, and the rows. */
export interface CsvTable {
  columns: Map<CatalogueCsvColumn, number>;
  rows: CsvRow[];
}

/** A problem with the file as a whole (not UTF-8, too many rows): the import is refused with a 400. */
export class CsvFileProblem extends Error {}

const KNOWN = new Set<string>(CATALOGUE_CSV_COLUMNS);

/**
 * Reads an import file with csv-parse: UTF-8 with or without a byte order mark, separated by `,` or
 * `;` (whichever the header line uses), quoted as spreadsheets quote, header names in any order and
 * case ("Offer Price" is offer_price). Rows with no text in any cell are skipped. Problems of the
 * header or of the quoting are `errors` (the dry run shows them with their line); no table then.
 */
export function readCsvTable(bytes: Buffer): { table?: CsvTable; errors: ImportRowError[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFileProblem('The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8"');
  }
  // One kind of line break, so that csv-parse's line count is the file's line number.
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) throw new CsvFileProblem('The file is empty: it needs a header line and one line per pack size');
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';

  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends (csv-parse's types do not say so).
    records = parse(text, { delimiter, record_delimiter: '\n', relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof records;
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    return { errors: [{ row: lines ?? 1, column: '', message: `The file is not valid CSV here: ${message.replace(/^[A-Za-z ]+: /, '')}` }] };
  }

  const [header, ...body] = records;
  const errors: ImportRowError[] = [];
  const columns = new Map<CatalogueCsvColumn, number>();
  header.record.forEach((cell, index) => {
    const name = cell
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (!name) return;
    if (!KNOWN.has(name)) {
      errors.push({
        row: 1,
        column: cell.trim(),
        message: `"${cell.trim()}" is not a column of the catalogue; the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')}`,
      });
    } else if (columns.has(name as CatalogueCsvColumn)) {
      errors.push({ row: 1, column: name, message: `The column ${name} is there twice` });
    } else columns.set(name as CatalogueCsvColumn, index);
  });
  if (!columns.has('name') && !columns.has('sku') && !columns.has('variant_id')) {
    errors.push({ row: 1, column: 'name', message: 'The header needs the name column (or sku or variant_id to find the pack sizes to change)' });
  }
  if (errors.length) return { errors };

  const rows: CsvRow[] = [];
  let previousEnd = header.info.lines;
  for (const { record, info } of body) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.every((cell) => !cell.trim())) continue;
    rows.push({ line, cells: record });
  }
  if (rows.length > MAX_IMPORT_ROWS) throw new CsvFileProblem(`The file has ${rows.length} rows: at most ${MAX_IMPORT_ROWS} at a time, split it in parts`);
  return { table: { columns, rows }, errors: [] };
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
