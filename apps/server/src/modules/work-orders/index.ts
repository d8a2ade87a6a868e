// The work orders area's face: its routes, and what the ingest calls after each batch (a done order's
// alarms clear with their device's next healthy report).
export { workOrderRoutes } from './routes';
export { clearRepairedAlarms } from './repair';
