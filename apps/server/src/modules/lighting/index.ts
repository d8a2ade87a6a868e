// The lighting area's face: its routes.
export { lightingRoutes } from './routes';
