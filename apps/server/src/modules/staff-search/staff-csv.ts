import { stringify } from 'csv-stringify/sync';
import { inertCsvCell } from '../../platform/lib/inert-csv-cell.ts';
import { csvColumns } from './staff-search.presenter.ts';
import type { ExportedGifRow } from './staff-search.repository.ts';

/** The export as CSV text, a header line then one chunk per page of rows. */
export async function* csvChunks(
  pages: AsyncIterable<ExportedGifRow[]>,
  publicUrl: string,
): AsyncGenerator<string> {
  yield stringify([csvColumns.map(([name]) => name)]);
  for await (const rows of pages)
    yield stringify(
      rows.map((row) => csvColumns.map(([, cell]) => inertCsvCell(cell(row, publicUrl)))),
    );
}
