import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { notificationApi as A } from '@rms/contracts/api/notifications';
import { pageOf } from '@rms/contracts/common';
import type {
  NotifyPreferencesBody,
  WebhookCreateBody,
  WebhookUpdateBody,
} from '@rms/contracts/notifications';
import { api } from '../../api/client';
import { apiPage, apiQuery, useInvalidatingMutation } from '../../api/queries';

// The webhooks' calls, declared in contracts (api/notifications.ts). A save reloads the webhooks (and
// their delivery logs, same area) and the audit log, which records it.

const RELOADS = [A.webhookList.area, auditLogApi.list.area];

export function webhooksQuery(params: { page: number; pageSize: number; query: string }) {
  return queryOptions({
    ...apiPage(A.webhookList, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

/** One page of a webhook's delivery log. */
export function deliveriesQuery(id: number, page: number, pageSize: number) {
  return queryOptions({
    ...apiQuery(A.webhookDeliveries, { params: { id }, query: { page, page_size: pageSize } }),
    select: pageOf,
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhook() {
  return useInvalidatingMutation((body: WebhookCreateBody) => api(A.webhookCreate, { body }), RELOADS, {
    silent: true,
  });
}

export function useUpdateWebhook() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: WebhookUpdateBody }) => api(A.webhookUpdate, { params: { id }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useDeleteWebhook() {
  return useInvalidatingMutation((id: number) => api(A.webhookDelete, { params: { id } }), RELOADS);
}

export function useTestWebhook() {
  return useInvalidatingMutation((id: number) => api(A.webhookTest, { params: { id } }), RELOADS);
}

export function useResumeWebhook() {
  return useInvalidatingMutation((id: number) => api(A.webhookResume, { params: { id } }), RELOADS);
}

// ---- A person's own notifications: the header's bell and the notification settings.

/** How many of the newest notifications the bell's dropdown shows. */
export const BELL_SIZE = 8;

export const unreadQuery = () => apiQuery(A.unread, {});

export const bellQuery = () => apiQuery(A.list, { query: { page: 1, page_size: BELL_SIZE } });

export const preferencesQuery = () => apiQuery(A.preferences, {});

const MINE = [A.list.area];

export function useMarkRead() {
  return useInvalidatingMutation((id: number) => api(A.read, { params: { id } }), MINE);
}

export function useMarkAllRead() {
  return useInvalidatingMutation(() => api(A.readAll, {}), MINE);
}

export function useSavePreferences() {
  return useInvalidatingMutation(
    (body: NotifyPreferencesBody) => api(A.preferencesUpdate, { body }),
    [...MINE, auditLogApi.list.area],
  );
}
