import type { FastifyPluginAsync } from 'fastify';
import { notificationApi as A } from '@rms/contracts/api/notifications';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { listNotifications, markAllRead, markRead, unreadOf } from './inbox';
import { pingWebhook } from './ping';
import { preferencesOf, savePreferences } from './preferences';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  resumeWebhook,
  updateWebhook,
} from './service';

// The webhooks' handlers and each person's notifications; paths, access (webhooks: MANAGE_WEBHOOKS; a
// person's notifications: signed in) and schemas are declared in contracts (api/notifications.ts). Every
// webhook call is scoped to the caller's organization, every notification call to the caller.

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

  const db = app.db;
  route(app, A.list, (request) => listNotifications(db, caller(request), request.query));
  route(app, A.unread, async (request) => ({ unread: await unreadOf(db, caller(request).id) }));
  // A read changes the count every open console of the person shows.
  route(app, A.read, async (request) => {
    const auth = caller(request);
    const answer = await markRead(db, auth, request.params.id);
    await app.notifications.tell([auth.id]);
    return answer;
  });
  route(app, A.readAll, async (request) => {
    const auth = caller(request);
    const answer = await markAllRead(db, auth);
    await app.notifications.tell([auth.id]);
    return answer;
  });
  route(app, A.preferences, (request) => preferencesOf(db, caller(request)));
  route(app, A.preferencesUpdate, (request) => savePreferences(db, caller(request), request.body));
};
