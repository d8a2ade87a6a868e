// The audit log's face: the recorder the app installs before its routes, the note a handler adds to
// its row, the retention sweep and the list's route.
export { registerAuditLog, noteAudit, type AuditNote } from './recorder';
export { AUDIT_SWEEP_EVERY_MS, AuditRetention } from './retention';
export { auditLogRoutes } from './routes';
