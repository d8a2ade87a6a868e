import { z } from 'zod';
import { messageBody } from '../common';
import { endpoint } from '../endpoint';
import { queryId } from '../fields';
import {
  webhookCreateBody,
  webhookDeliveryList,
  webhookDeliveryQuery,
  webhookList,
  webhookListQuery,
  webhookRow,
  webhookSaved,
  webhookTestResult,
  webhookUpdateBody,
} from '../notifications';
import {
  notificationList,
  notificationListQuery,
  notificationReadAnswer,
  notifyPreferences,
  notifyPreferencesBody,
  notifyPreferencesSaved,
  unreadCount,
} from '../notifications';
import { SIGNED_IN } from '../permissions';
import { accessOf } from '../routes';

// Outbound webhooks (ours): people (or API keys) holding MANAGE_WEBHOOKS manage their organization's;
// the provider's see every organization's. A webhook outside the caller's scope answers 404.
const MANAGE = accessOf('/webhooks');
const area = 'notifications';
const URL = '/notifications/webhooks/';
const ONE = '/notifications/webhooks/:id/';
const params = z.object({ id: queryId });

export const notificationApi = {
  webhookList: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: MANAGE,
    summary:
      "The caller's organization's webhooks (all for the provider), newest first; ?query= searches the URL",
    query: webhookListQuery,
    response: webhookList,
  }),
  webhookCreate: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: MANAGE,
    summary: "Add a webhook for the caller's organization; the secret is kept and never answered",
    // A webhook outlives whoever made it: an API key must not leave one sending after its revocation.
    sessionOnly: true,
    description:
      'The URL must be https and resolve to public addresses (see docs/webhooks.md for the settings that relax this). Each delivery is signed: `X-RMS-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>`.',
    body: webhookCreateBody,
    response: webhookSaved,
    status: 201,
  }),
  webhookGet: endpoint({
    area,
    method: 'GET',
    path: ONE,
    access: MANAGE,
    summary: 'One webhook (without its secret)',
    params,
    response: webhookRow,
  }),
  webhookUpdate: endpoint({
    area,
    method: 'PUT',
    path: ONE,
    access: MANAGE,
    summary: 'Change a webhook: only the fields sent change; a secret sent replaces the old one',
    sessionOnly: true,
    params,
    body: webhookUpdateBody,
    response: webhookSaved,
  }),
  webhookDelete: endpoint({
    area,
    method: 'DELETE',
    path: ONE,
    access: MANAGE,
    summary: 'Delete a webhook and its delivery log; nothing more is sent to it',
    params,
    response: messageBody,
  }),
  webhookTest: endpoint({
    area,
    method: 'POST',
    path: '/notifications/webhooks/:id/test/',
    access: MANAGE,
    summary: 'Send a signed `ping` event now and answer how the receiver answered (kept in the delivery log)',
    params,
    response: webhookTestResult,
  }),
  webhookResume: endpoint({
    area,
    method: 'POST',
    path: '/notifications/webhooks/:id/resume/',
    access: MANAGE,
    summary: 'Resume a paused webhook: its failure count starts again and its waiting deliveries are sent',
    params,
    response: webhookSaved,
  }),
  webhookDeliveries: endpoint({
    area,
    method: 'GET',
    path: '/notifications/webhooks/:id/deliveries/',
    access: MANAGE,
    summary: "A webhook's delivery log, newest first: event, type, status, attempts, last answer",
    params,
    query: webhookDeliveryQuery,
    response: webhookDeliveryList,
  }),

  // People's notifications (docs/notifications.md): any signed-in person, their own only. Reading one
  // that is someone else's answers 404. An API key is no person (its caller is whoever made it): it
  // neither reads their bell nor changes what they are told of (`sessionOnly`), as the live channel
  // never sends it a person's notifications.
  list: endpoint({
    area,
    method: 'GET',
    path: '/notifications/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: "The caller's own notifications, newest first; ?unread=true: only those not read yet",
    query: notificationListQuery,
    response: notificationList,
  }),
  unread: endpoint({
    area,
    method: 'GET',
    path: '/notifications/unread/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: "How many of the caller's notifications are not read yet (the bell's count)",
    response: unreadCount,
  }),
  read: endpoint({
    area,
    method: 'POST',
    path: '/notifications/:id/read/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: "Mark one of the caller's notifications read; answers the unread count left",
    params,
    response: notificationReadAnswer,
    audited: false,
  }),
  readAll: endpoint({
    area,
    method: 'POST',
    path: '/notifications/read_all/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: "Mark every one of the caller's notifications read",
    response: notificationReadAnswer,
    audited: false,
  }),
  preferences: endpoint({
    area,
    method: 'GET',
    path: '/notifications/preferences/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary:
      "The caller's notification settings (the defaults until saved: the bell, for critical and major alarms of everything they may see) and what they may choose from",
    response: notifyPreferences,
  }),
  preferencesUpdate: endpoint({
    area,
    method: 'PUT',
    path: '/notifications/preferences/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary:
      "Change the caller's notification settings: only the fields sent change; organizations and projects must be ones they may see",
    body: notifyPreferencesBody,
    response: notifyPreferencesSaved,
  }),
};
