// The live-events area's face: the console's event stream.
export { eventRoutes } from './routes';
