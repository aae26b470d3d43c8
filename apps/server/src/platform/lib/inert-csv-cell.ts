/**
 * What starts a formula in a spreadsheet: =, +, -, @, their full-width forms (which some
 * locales' spreadsheets read as the same), and a tab or return before one.
 */
const TRIGGER = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
/**
 * Where a spreadsheet may start reading a cell: the cell's start, or any separator inside it
 * — a comma, semicolon, tab, pipe or line break splits a cell in two when the file is opened
 * with another delimiter than the one it was written with — after any spaces and quotes.
 */
const CELL_START = new RegExp(`(^|[,;\\t\\r\\n|])([ "']*)(?=${TRIGGER})`, 'g');

/**
 * A cell of anyone's text (titles, tags, search terms) made inert: an apostrophe goes before
 * every place a formula could start, so no way of opening the file runs one (OWASP, CSV
 * injection). Other values are returned as they are.
 */
export function inertCsvCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(CELL_START, (_match, boundary: string, padding: string) => {
    return `${boundary}${padding}'`;
  });
}
