import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { CsvExportService } from './csv-export.service.ts';
import type { StaffFilters } from './staff-search-input.schema.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'staff-search.export-csv': { exportId: string; userId: string; filters: StaffFilters };
  }
}

/** Writes an e-mailed staff export and mails its link (see CsvExportService.write). */
export function csvExportJob(exports: CsvExportService): JobDefinition<'staff-search.export-csv'> {
  return {
    name: 'staff-search.export-csv',
    // Behind media work: an export is waited for by e-mail, an upload by a person watching.
    policy: { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, priority: 0 },
    handle: async ({ exportId, userId, filters }) => {
      await exports.write(exportId, userId, filters);
      return 'success';
    },
  };
}
