// The session area's face: what the app and other areas may use.
export { sessionRoutes } from './routes';
export type { SessionDeps } from './service';
export type { ResetDeps } from './password-reset';
/** The one way to end sessions: sign-out, password change, account blocked or deleted. */
export { revokeSessions } from './revoke';
