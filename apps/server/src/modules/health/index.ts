// The health area's face.
export { healthRoutes } from './routes';
