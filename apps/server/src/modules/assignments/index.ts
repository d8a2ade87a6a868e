// The assignments area's face: what the app and other areas may use.
export { assignmentRoutes } from './routes';
export { assignPoleBulk, assignRmsBulk, assignStltBulk } from './bulk';
