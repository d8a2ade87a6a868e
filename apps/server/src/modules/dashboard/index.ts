// The dashboard area's face.
export { dashboardRoutes } from './routes';
