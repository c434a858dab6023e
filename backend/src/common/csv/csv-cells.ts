// The cells and lines of the shop's CSV files (orders, slot lists, the catalogue export), safe to open in a spreadsheet.
import { formatPhone } from '@greencart/domain';

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (₹, names in any script). */
export const CSV_BOM = '\uFEFF';

/**
 * One text cell, quoted. A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return, OWASP's list) is made plain text with a leading apostrophe.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A phone as people read it and no spreadsheet runs or turns into a number: "(+91) 98765 43210". A cell
 * starting with "+" is a formula to Excel and LibreOffice (the apostrophe that stops it shows), and
 * "91 98765 43210" is a number where a space groups thousands; a bracket starts neither a formula nor,
 * with spaces and digits after it, a number. Other numbers as typed (made text by textCell if need be).
 */
export function phoneCell(phone: string): string {
  const shown = formatPhone(phone);
  return textCell(shown.startsWith('+91 ') ? `(+91) ${shown.slice(4)}` : shown);
}

/** Paise as rupees with two decimals ("1234.50"): a number every spreadsheet reads. */
export function moneyCell(paise: number): string {
  return (paise / 100).toFixed(2);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
