// The reports module's face: what the rest of the server may use of it.
export { GifReportService } from './gif-report.service.ts';
export { ReportRepository } from './report.repository.ts';
export { reportsRoutes } from './reports.routes.ts';
