// The organizations area's face: what the app and other areas may use.
export { organizationRoutes } from './routes';
/** The organizations the caller sees, as SQL (its own subtree; every one for the provider). */
export { visibleOrganizations } from './service';
