/**
 * CSV for spreadsheets (RFC 4180 quoting, CRLF lines), made to open cleanly in Excel set to
 * French (Canada): a UTF-8 byte order mark so accents survive, ';' between fields (the list
 * separator of French locales, where ',' is the decimal mark) and amounts written '149,99'.
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export type CsvCell = string | number | null | undefined;

export const CSV_BOM = "\uFEFF";

export interface CsvOptions {
  /** Field separator; ';' by default (ADR 024). */
  separator?: string;
  /** Starts the text with the UTF-8 byte order mark (default true). */
  bom?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount as csvAmount writes it ('-25,00'): a number to a spreadsheet, never a formula. */
const NEGATIVE_AMOUNT = /^-\d+(,\d+)?$/;

/** One cell: numbers as they are, text quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvCell, separator = ";"): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    return String(value);
  }
  const text = FORMULA_START.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then the rows, each line ending with CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  options: CsvOptions = {},
): string {
  const separator = options.separator ?? ";";
  const lines = [header, ...rows].map((row) => row.map((cell) => csvCell(cell, separator)).join(separator));
  return `${options.bom === false ? "" : CSV_BOM}${lines.map((line) => `${line}\r\n`).join("")}`;
}

/** Cents as a decimal amount with a comma, no currency sign or grouping: 123450 -> '1234,50'. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** Headers of a CSV download named `filename` (ASCII name plus an RFC 5987 UTF-8 name). */
export function csvHeaders(filename: string): HeadersInit {
  const ascii = filename
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "");
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    "Cache-Control": "private, no-store",
  };
}
