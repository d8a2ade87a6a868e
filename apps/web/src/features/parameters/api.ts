import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BulkParameterBody,
  ParameterDevice,
  ParameterSetting,
  ParameterValues,
} from '@rms/contracts/parameters';
import { get, post } from '../../api/client';
import { activationApi } from '@rms/contracts/api/activations';
import { areaKey } from '../../api/queries';

// Parameter settings and bulk parameter calls (spec 02 §7), typed from contracts.

const URL = 'devices/parameter_settings/';
const KEY = ['parameters'] as const;

export const parameterDevicesQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'devices'],
    queryFn: ({ signal }) => get<ParameterDevice[]>(`${URL}devices/`, { signal }),
  });

export const parameterSettingQuery = (device: number | undefined) =>
  queryOptions({
    queryKey: [...KEY, 'setting', device],
    queryFn: ({ signal }) => get<ParameterSetting>(URL, { query: { device }, signal }),
    enabled: device !== undefined,
    // The command's status moves on its own (device link); read it fresh each time.
    staleTime: 0,
  });

export function useSaveParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParameterValues & { device: number }) =>
      post<ParameterSetting & { detail: string }>(URL, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useBulkParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkParameterBody) =>
      post<{ detail: string; devices: number }>('devices/bulk_parameter/', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: areaKey(activationApi.list) });
    },
  });
}
