import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { energyReportApi as E } from '@rms/contracts/api/energy-reports';
import { groupApi as G } from '@rms/contracts/api/groups';
import type {
  EnergyReportQuery,
  EnergyReportScope,
  EnergySubscriptionBody,
  EnergySubscriptionUpdateBody,
} from '@rms/contracts/energy-reports';
import { api } from '../../api/client';
import { downloadEndpointFile } from '../../api/download';
import { apiPage, apiQuery, endpointKey } from '../../api/queries';

// The energy report's calls (docs/energy-reports.md), declared in contracts (api/energy-reports.ts).
// The report keeps the last page on screen while the next loads.

export const energyReportQuery = (query: EnergyReportQuery) =>
  queryOptions({ ...apiQuery(E.report, { query }), placeholderData: keepPreviousData });

export const subscriptionsQuery = () => queryOptions(apiQuery(E.subscriptionList, {}));

/** The groups to narrow the report by (searched by name), of one organization when chosen. */
export const groupChoicesQuery = (query: string, organization: number | undefined) =>
  queryOptions({
    ...apiPage(G.groupList, {
      page: 1,
      page_size: 50,
      ...(query && { query }),
      ...(organization && { organization }),
    }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export type ExportFormat = 'xlsx' | 'pdf';

/** Downloads the report with every device as xlsx or PDF, named as the server names it. */
export function downloadEnergyReport(scope: EnergyReportScope, format: ExportFormat) {
  return downloadEndpointFile(E.reportExport, { ...scope, format }, `energy-report-${scope.month}.${format}`);
}

/**
 * A subscription's change, reloading the subscriptions only: they share the report's area, and the
 * report (a month of every device) need not be read again for a change of recipients.
 */
function useSubscriptionMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  silent: boolean,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: silent ? { silent } : undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(E.subscriptionList).slice(0, 3) }),
  });
}

export const useCreateSubscription = () =>
  useSubscriptionMutation((body: EnergySubscriptionBody) => api(E.subscriptionCreate, { body }), true);

export const useUpdateSubscription = () =>
  useSubscriptionMutation(
    ({ id, body }: { id: number; body: EnergySubscriptionUpdateBody }) =>
      api(E.subscriptionUpdate, { params: { id }, body }),
    true,
  );

export const useDeleteSubscription = () =>
  useSubscriptionMutation((id: number) => api(E.subscriptionDelete, { params: { id } }), false);
