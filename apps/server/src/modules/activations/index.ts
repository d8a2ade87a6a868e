// The activations area's face: what the app and other areas may use. Everything else in this folder
// is the area's own (a lint rule stops other areas reaching past this file).
export { activationRoutes } from './routes';
export { activationBulk } from './bulk';
/** The activation filters (organization, project, state, city, …) as SQL, for monitoring's screens. */
export { activationWhere, filteredDeviceIds } from './filters';
