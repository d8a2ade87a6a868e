// The MSISDN area's face.
export { msisdnRoutes } from './routes';
export { msisdnBulk } from './bulk';
