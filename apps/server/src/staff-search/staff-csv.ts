import { stringify } from 'csv-stringify/sync';
import { csvColumns } from './staff-search.presenter.ts';
import type { ExportedGifRow } from './staff-search.repository.ts';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) starts
 * with an apostrophe instead: titles and tags are anyone's text (OWASP, CSV injection).
 */
const inert = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The export as CSV text, a header line then one chunk per page of rows. */
export async function* csvChunks(
  pages: AsyncIterable<ExportedGifRow[]>,
  publicUrl: string,
): AsyncGenerator<string> {
  yield stringify([csvColumns.map(([name]) => name)]);
  for await (const rows of pages)
    yield stringify(rows.map((row) => csvColumns.map(([, cell]) => inert(cell(row, publicUrl)))));
}
