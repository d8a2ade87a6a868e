import type { FastifyPluginAsync } from 'fastify';
import { auditLogApi as A } from '@rms/contracts/api/audit-log';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { listAudit } from './service';

// The audit log's handler; path, access and schema are declared in contracts (api/audit-log.ts).

export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  route(app, A.list, (request) => listAudit(app.db, caller(request), request.query, app.config.timeZone));
};
