// The parameters area's face: what the app and other areas (inspections) may use.
export { parameterRoutes } from './routes';
export { devicesInScope, selectedDevicesOf } from './devices-in-scope';
