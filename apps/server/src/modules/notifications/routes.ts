import type { FastifyPluginAsync } from 'fastify';
import { notificationApi as A } from '@rms/contracts/api/notifications';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { pingWebhook } from './ping';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  resumeWebhook,
  updateWebhook,
} from './service';

// The webhooks' handlers; paths, access (MANAGE_WEBHOOKS) and schemas are declared in contracts
// (api/notifications.ts). Every service call is scoped to the caller's organization.

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.webhooks;
  route(app, A.webhookList, (request) => listWebhooks(ctx, caller(request), request.query));
  route(app, A.webhookCreate, (request) => createWebhook(ctx, caller(request), request.body));
  route(app, A.webhookGet, (request) => getWebhook(ctx, caller(request), request.params.id));
  route(app, A.webhookUpdate, (request) =>
    updateWebhook(ctx, caller(request), request.params.id, request.body),
  );
  route(app, A.webhookDelete, (request) => deleteWebhook(ctx, caller(request), request.params.id));
  route(app, A.webhookTest, (request) => pingWebhook(ctx, caller(request), request.params.id));
  route(app, A.webhookResume, (request) => resumeWebhook(ctx, caller(request), request.params.id));
  route(app, A.webhookDeliveries, (request) =>
    listDeliveries(ctx, caller(request), request.params.id, request.query),
  );
};
