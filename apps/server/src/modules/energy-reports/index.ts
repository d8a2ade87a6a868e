// The energy report's face (docs/energy-reports.md): its routes and its monthly e-mail job.
export { energyReportRoutes } from './routes';
export { monthlyMailJobs } from './monthly-mail';
