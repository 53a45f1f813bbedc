/**
 * The game history CSV (RFC 4180: comma separated, CRLF lines, quoted when needed). Amounts are
 * in major units with two decimals — the wallet's minor units are cents for every site currency
 * (core/money.ts reads them the same way) — and dates are ISO 8601 UTC.
 */

export const CSV_HEADER = "round_id,date_utc,game,title,mode,currency,bet,win,net\r\n";

export interface CsvRound {
  id: string;
  created_at: number;
  sysname: string;
  title: string;
  mode: string;
  currency: string;
  bet: number;
  win: number;
}

/**
 * A text cell. A spreadsheet runs a cell starting with = + - @ (or a tab / carriage return) as a
 * formula, so such text gets a leading apostrophe; numbers we write ourselves are never guarded
 * (a negative net must stay a number).
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as major units with two decimals: 1050 → "10.50", -300 → "-3.00". */
export function majorUnits(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function csvLine(r: CsvRound): string {
  return `${[
    textCell(r.id),
    new Date(r.created_at).toISOString(),
    textCell(r.sysname),
    textCell(r.title),
    textCell(r.mode),
    textCell(r.currency),
    majorUnits(r.bet),
    majorUnits(r.win),
    majorUnits(r.win - r.bet),
  ].join(",")}\r\n`;
}
