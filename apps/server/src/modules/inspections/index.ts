// The inspections area's face.
export { inspectionRoutes } from './routes';
