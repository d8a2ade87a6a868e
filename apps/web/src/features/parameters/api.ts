import { queryOptions } from '@tanstack/react-query';
import { activationApi } from '@rms/contracts/api/activations';
import { parameterApi as A } from '@rms/contracts/api/parameters';
import type { BulkParameterBody, ParameterValues } from '@rms/contracts/parameters';
import { api } from '../../api/client';
import { apiQuery, useInvalidatingMutation } from '../../api/queries';

// Parameter settings and bulk parameter calls (spec 02 §7), declared in contracts (api/parameters.ts).

export const parameterDevicesQuery = () => queryOptions(apiQuery(A.devices, { query: {} }));

export const parameterSettingQuery = (device: number | undefined) =>
  queryOptions({
    ...apiQuery(A.setting, { query: { device: device ?? 0 } }),
    enabled: device !== undefined,
    // The command's status moves on its own (device link); read it fresh each time.
    staleTime: 0,
  });

export function useSaveParameters() {
  return useInvalidatingMutation(
    (body: ParameterValues & { device: number }) => api(A.create, { body }),
    [A.create.area],
  );
}

/** Sets many devices at once: their parameters and the activation list's parameter columns reload. */
export function useBulkParameter() {
  return useInvalidatingMutation(
    (body: BulkParameterBody) => api(A.bulk, { body }),
    [A.bulk.area, activationApi.list.area],
  );
}
