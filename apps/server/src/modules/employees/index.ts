// The employees area's face.
export { employeeRoutes } from './routes';
