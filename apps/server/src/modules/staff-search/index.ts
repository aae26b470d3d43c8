// The staff-search module's face: what the rest of the server may use of it.
export { csvExportJob } from './csv-export.job.ts';
export { CsvExportService } from './csv-export.service.ts';
export { StaffSearchRepository } from './staff-search.repository.ts';
export { staffSearchRoutes } from './staff-search.routes.ts';
export { StaffSearchService } from './staff-search.service.ts';
